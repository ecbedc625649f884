import {
  CAPTIONS_MAX_CHARS,
  captionsMessages,
  decodeTextFile,
  REQUEST_BODY_TIMEOUT_MS,
  textFileMessages,
} from '@findclips/contracts';
import { useMutation } from '@tanstack/react-query';
import { Upload, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { apiRequest } from '../lib/api';
import { Button, fieldFrame, SubmitButton } from '../components/ui';

/** A caption file's text, read as the CLI reads one (UTF-8, or UTF-16 by its byte order mark). */
async function fileText(file: File): Promise<string> {
  const decoded = decodeTextFile(new Uint8Array(await file.arrayBuffer()));
  if ('problem' in decoded) throw new Error(textFileMessages[decoded.problem](file.name, decoded.line));
  return decoded.text;
}

/**
 * For a video without captions on YouTube: a member brings their own, an .srt or .vtt file or
 * pasted timed text, and the same pipeline analyses them. A file the server cannot read is
 * answered with the line where the problem is, shown here.
 */
export function CaptionsUpload({ videoId, onQueued }: { videoId: string; onQueued(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const ids = useId();
  const picker = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const upload = useMutation({
    mutationFn: async () => {
      const text = file ? await fileText(file) : pasted;
      if (!text.trim()) throw new Error(captionsMessages.textRequired);
      if (text.length > CAPTIONS_MAX_CHARS) throw new Error(captionsMessages.tooLarge);
      // A large file on a slow connection takes its time: as long as the gateway gives a body.
      return apiRequest(
        'POST',
        `/api/user-videos/${encodeURIComponent(videoId)}/transcript`,
        { text, ...(file ? { name: file.name } : {}) },
        { timeoutMs: REQUEST_BODY_TIMEOUT_MS },
      );
    },
    onSuccess: onQueued,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!upload.isPending) upload.mutate();
  };
  return (
    <form onSubmit={submit} className="grid gap-3" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="text-base font-semibold text-slate-900">
        Bring your own captions
      </h3>
      <p>
        Upload an .srt or .vtt file, or paste timed text with a time at the start of each line (like “1:02 Welcome back”). Up to 2
        million characters and 2 hours; only you see the analysis until you share it.
      </p>
      <label htmlFor={`${ids}-file`} className="grid min-w-0 gap-1 font-medium text-slate-800">
        Caption file (.srt or .vtt)
        <input
          id={`${ids}-file`}
          type="file"
          ref={picker}
          accept=".srt,.vtt,.txt,text/vtt,application/x-subrip,text/plain"
          aria-describedby={upload.isError ? `${ids}-error` : undefined}
          aria-invalid={upload.isError && file !== null ? true : undefined}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          // A file field is as wide as its button and words by default: at 320 px the page scrolled sideways.
          className="w-full min-w-0 text-sm font-normal file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-surface file:px-3 file:py-1.5"
        />
      </label>
      {file && (
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          onClick={() => {
            // The button goes with the file: the focus goes on to the field it frees, not to the page.
            flushSync(() => setFile(null));
            if (picker.current) picker.current.value = '';
            textArea.current?.focus();
          }}
        >
          <X className="h-4 w-4" aria-hidden />
          Remove {file.name} to paste text instead
        </Button>
      )}
      <label htmlFor={`${ids}-text`} className="grid gap-1 font-medium text-slate-800">
        Or paste timed text
        <textarea
          id={`${ids}-text`}
          ref={textArea}
          value={pasted}
          dir="auto"
          disabled={file !== null}
          aria-describedby={upload.isError ? `${ids}-error` : undefined}
          aria-invalid={upload.isError && file === null ? true : undefined}
          onChange={(event) => setPasted(event.target.value)}
          rows={5}
          placeholder={'0:00 Welcome back to the show\n0:07 Today we talk about buses'}
          className={`${fieldFrame} p-2 font-mono text-xs font-normal placeholder:text-slate-500 disabled:opacity-60`}
        />
      </label>
      {upload.isError && (
        <p id={`${ids}-error`} role="alert" className="text-sm font-medium text-red-700">
          {upload.error.message}
        </p>
      )}
      <SubmitButton className="w-fit" busy={upload.isPending}>
        <Upload className="h-4 w-4" aria-hidden />
        {upload.isPending ? 'Uploading…' : 'Analyse these captions'}
      </SubmitButton>
    </form>
  );
}
