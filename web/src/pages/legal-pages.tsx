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
      <Section heading="What we keep">
        <ul className="list-disc pl-5">
          <li>Your account: email address, first and last name, and your password only as a salted hash.</li>
          <li>If you sign in with Google: your Google account id, name, email and picture address.</li>
          <li>The videos you analyse, their topics and quotes, and the shares you create.</li>
          <li>
            For guests: a random guest id and how many free analyses it used in the last 24 hours; to stop abuse, the same count
            per network address, kept for 24 hours.
          </li>
        </ul>
      </Section>
      <Section heading="Cookies and local storage">
        <p>
          A session cookie keeps you signed in. Guests get a <code>gid</code> cookie holding their random guest id. The browser's
          local storage remembers your last video, Edit or Watch mode, and, for guests, which clips were played. No advertising or
          tracking cookies are set.
        </p>
      </Section>
      <Section heading="Shared pages">
        <p>
          A share is public: anyone with its link sees its title, description and clips. Views are counted once per visitor within
          ten minutes; for signed-out visitors without a guest id we count a one-way hash of the network address and browser,
          never the address itself. Removing a share from Video History takes the page down.
        </p>
      </Section>
      <Section heading="Who else sees your data">
        <p>
          Transcripts are fetched from YouTube. A member's analysis uses the AI provider set on their account (Gemini by default)
          when the service is configured for it, and the transcript is then sent to that provider. Otherwise, and always for
          guests, the built-in analyser runs on our servers and sends nothing out.
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
