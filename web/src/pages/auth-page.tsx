import * as Tabs from '@radix-ui/react-tabs';
import { googleSignInMessage } from '@findclips/contracts';
import { Film, Share2, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Badge, Card } from '../components/ui';
import { Logo } from '../components/logo';
import { opensRegister } from '../lib/sign-up';
import { useToast } from '../lib/toast';
import { forgetGoogleStart, readGoogleStart } from './auth/google-button';
import { LoginPanel } from './auth/login-panel';
import { RegisterPanel } from './auth/register-panel';

const blurbs = [
  {
    icon: Film,
    title: 'YouTube Video',
    text: 'Paste any YouTube video URL: podcasts, interviews, news shows.',
  },
  {
    icon: Sparkles,
    title: 'Video Analysis',
    text: 'We analyse the whole video and group the best clips by topic, each with a topic title, a relevant quote and timestamps.',
  },
  {
    icon: Share2,
    title: 'Share Highlights',
    text: 'Share the highlights: each shared video gets its own dedicated page anyone can view.',
  },
];

/** /auth: sign in or sign up. A failed Google sign-in comes back with ?error=CODE (never shown as it is). */
export default function AuthPage() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const googleError = params.get('error');
  const reported = useRef<string | null>(null);
  // A refused Google sign-in reopens the tab it started from, with the email typed there.
  const [googleStart] = useState(() => (googleError ? readGoogleStart() : null));
  useEffect(forgetGoogleStart, []);
  const tab = googleStart?.tab ?? (opensRegister(location.state) ? 'register' : 'login');
  const startEmail = (of: 'login' | 'register') => (googleStart?.tab === of ? googleStart.email : '');

  useEffect(() => {
    if (!googleError || reported.current === googleError) return;
    reported.current = googleError;
    toast({ title: 'Google login failed', description: googleSignInMessage(googleError), variant: 'destructive' });
    setParams({}, { replace: true });
  }, [googleError, setParams, toast]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <header className="mb-8 flex flex-col items-start gap-3">
        <div className="flex items-center gap-2">
          <Logo />
          <Badge>beta</Badge>
        </div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Find the best clips in any long video</h1>
        <p className="max-w-2xl text-slate-600">
          Paste any video URL. Find Clips analyses the whole video and groups the best clips by topic, with a topic title, a
          relevant quote and timestamps.
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="mb-4 text-lg font-semibold">Login and get access to all features.</h2>
          <Tabs.Root defaultValue={tab}>
            <Tabs.List aria-label="Sign in or register" className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1">
              {(['login', 'register'] as const).map((value) => (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-surface data-[state=active]:text-slate-900 data-[state=active]:shadow"
                >
                  {value === 'login' ? 'Login' : 'Register'}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="login">
              <LoginPanel initialEmail={startEmail('login')} />
            </Tabs.Content>
            <Tabs.Content value="register">
              <RegisterPanel initialEmail={startEmail('register')} />
            </Tabs.Content>
          </Tabs.Root>
        </Card>
        <section aria-label="What Find Clips does" className="grid content-start gap-4">
          {blurbs.map(({ icon: Icon, title, text }) => (
            <div key={title} className="flex gap-4 rounded-xl bg-surface p-5 shadow-sm">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-slate-600">{text}</p>
              </div>
            </div>
          ))}
        </section>
      </div>
    </div>
  );
}
