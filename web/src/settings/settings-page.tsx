import { showsNothing, type User } from '@findclips/contracts';
import { Card } from '../components/ui';
import { useAuth } from '../lib/auth';
import { formatDate } from '../lib/format';
import { EmailCard, PasswordCard } from './account-cards';
import { DangerZone } from './danger-zone';
import { PersonalCard } from './personal-card';

const characters = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/**
 * A text's first character as a reader counts it ('𠮷', an emoji with its modifiers), not half of
 * one, and the first that shows: a direction mark or zero-width space pasted before a name drew an
 * empty avatar.
 */
const firstCharacter = (text: string | null | undefined) => {
  if (!text) return undefined;
  for (const { segment } of characters.segment(text)) if (!showsNothing(segment)) return segment;
  return undefined;
};

/** The first letter of the first name, else of the email, upper-cased, else 'U'. */
export function avatarLetter(user: Pick<User, 'firstName' | 'email'>): string {
  return (firstCharacter(user.firstName) ?? firstCharacter(user.email) ?? 'U').toUpperCase();
}

export function displayName(user: Pick<User, 'name' | 'firstName' | 'lastName' | 'email'>): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.name?.trim() || user.email;
}

/** /settings: Account Settings. */
export default function SettingsPage() {
  const auth = useAuth();
  if (auth.status !== 'user') return null;
  const { user } = auth;
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Account Settings</h1>
      <Card className="flex items-center gap-4 p-5">
        <span
          aria-hidden
          className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white"
          data-testid="avatar"
        >
          {avatarLetter(user)}
        </span>
        <div className="min-w-0">
          <p className="text-lg font-semibold wrap-anywhere">{displayName(user)}</p>
          <p className="text-sm text-slate-500">Account created {formatDate(user.createdAt)}</p>
        </div>
      </Card>
      <PersonalCard user={user} />
      <EmailCard user={user} />
      <PasswordCard user={user} />
      <DangerZone user={user} />
    </div>
  );
}
