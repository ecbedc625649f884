import { Link } from 'react-router-dom';

export const SUPPORT_EMAIL = 'support@findclips.app';
/** The year the footer's copyright line shows. */
const FOOTER_YEAR = 2025;

export function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <p>© {FOOTER_YEAR} Find Clips. All rights reserved.</p>
        <div className="flex gap-4">
          <Link to="/privacy" className="inline-flex min-h-6 items-center hover:text-slate-900">
            Privacy Policy
          </Link>
          <Link to="/terms" className="inline-flex min-h-6 items-center hover:text-slate-900">
            Terms of Service
          </Link>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="inline-flex min-h-6 items-center hover:text-slate-900">
            Support
          </a>
        </div>
      </div>
    </footer>
  );
}
