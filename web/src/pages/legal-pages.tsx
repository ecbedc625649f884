import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SUPPORT_EMAIL } from '../components/footer';
import { Card } from '../components/ui';

/** The footer's /privacy and /terms (they say plainly what the product does with data). */
function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Card className="grid gap-4 p-6 text-sm leading-6 text-slate-700 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {children}
        <p>
          Questions:{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="underline">
            {SUPPORT_EMAIL}
          </a>
          .{' '}
          <Link to="/" className="font-medium text-brand-700 underline">
            Back to Find Clips
          </Link>
        </p>
      </Card>
    </div>
  );
}

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h2 className="text-base font-semibold text-slate-900">{heading}</h2>
      {children}
    </section>
  );
}

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        Find Clips is run by the Find Clips team, reachable at the address below. We keep what the service needs to work, for as
        long as it needs it, and sell or share none of it for advertising.
      </p>
      <Section heading="What we keep">
        <ul className="list-disc pl-5">
          <li>Your account: email address, first and last name, and your password only as a salted hash.</li>
          <li>If you sign in with Google: your Google account id, name, email and picture address.</li>
          <li>The videos you analyse, their topics and quotes, your edits, captions you upload, and the shares you create.</li>
          <li>
            For guests: a random guest id, which videos it analysed and when (kept a year, then deleted), and the pages it shared.
          </li>
          <li>
            To stop abuse: counts per network address of new analyses (24 hours), of videos looked up on YouTube (1 minute) and of
            sign-ins and sign-ups (15 minutes), and of failed sign-ins per email, kept as a one-way hash of the email.
          </li>
        </ul>
        <p>Our logs hold no network addresses, emails, passwords or cookies.</p>
      </Section>
      <Section heading="Cookies and browser storage">
        <ul className="list-disc pl-5">
          <li>
            <code>fc.sid</code>: keeps you signed in; it ends 14 days after your last visit (as we set it), or when you log out.
          </li>
          <li>
            <code>gid</code>: a random guest id, for a year, given when you first use Find Clips without an account.
          </li>
          <li>
            <code>fc_device</code>: a random id for a year, set when you sign in, so that this browser can still sign in while
            someone is guessing your password elsewhere.
          </li>
          <li>
            Local storage remembers your last video and Edit or Watch mode and, for guests, the videos analysed in this browser
            and how many quotes were used; while you are signed in, the tab keeps your user id and email, forgotten when you log
            out.
          </li>
        </ul>
        <p>No advertising or tracking cookies are set.</p>
      </Section>
      <Section heading="Shared pages">
        <p>
          A share is public: anyone with its link sees its title, description and clips. Views are counted once per visitor within
          ten minutes; a signed-out visitor is counted by a keyed one-way hash of their network address, forgotten after the ten
          minutes, never the address itself. Removing a share from Video History takes the page down; a page a guest shared stays
          up until we are asked to take it down.
        </p>
      </Section>
      <Section heading="Who else sees your data">
        <p>
          Video thumbnails and clip players come from YouTube (Google): your browser asks YouTube for them as the page shows them,
          which tells YouTube your network address, as any embedded video does. The players are YouTube&apos;s privacy-enhanced
          ones (<code>youtube-nocookie.com</code>), which set no cookies until you play a clip. Transcripts are fetched from
          YouTube by our servers.
        </p>
        <p>
          A member&apos;s analysis uses the AI provider set on their account (Gemini by default) when the service is configured
          for it, and the transcript is then sent to that provider. Otherwise, and always for guests, the built-in analyser runs
          on our servers and sends nothing out.
        </p>
      </Section>
      <Section heading="Your choices">
        <p>
          You can edit your name, email and password in Settings, and remove your shares from Video History. To get a copy of your
          data, or to have your account and everything kept for it deleted, write to us at the address below.
        </p>
      </Section>
    </LegalPage>
  );
}

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <Section heading="The service">
        <p>
          Find Clips analyses the captions of public YouTube videos and suggests topics and quotes, which play through YouTube's
          own player. The videos belong to their creators; we do not copy or host them.
        </p>
      </Section>
      <Section heading="Fair use">
        <p>
          Guests may analyse 2 new videos a day, of up to 60 minutes each; members videos of up to 2 hours. Do not submit videos
          to get around these limits or to share content that breaks YouTube's rules or the law. Analyses of content that breaks
          our content policy are refused.
        </p>
      </Section>
      <Section heading="Beta">
        <p>
          Find Clips is in beta. Suggestions are made by software and can be wrong: check a clip before you share it. The service
          is provided as is, without warranty.
        </p>
      </Section>
    </LegalPage>
  );
}
