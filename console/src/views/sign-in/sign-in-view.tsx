import { useEffect, useRef, useState } from 'preact/hooks';
import { ErrorMessage } from '../../components/status';
import { codeFromLocalOutbox, localOutboxAvailable, requestCode, verifyCode } from './sign-in-wire';

interface SignInViewProps {
  base: string;
  onSignedIn: (email: string, accessToken: string, refreshToken: string | null) => void;
}

/**
 * Email, then the 6-digit code mailed to it. On the local runtime, whose mail lands in a folder, a button reads the
 * newest code for that address from the outbox (`GET /_local/outbox`, loopback only); the cloud has no such route.
 */
export function SignInView({ base, onSignedIn }: SignInViewProps) {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [outbox, setOutbox] = useState(false);
  const [filled, setFilled] = useState(0);
  const codeInput = useRef<HTMLInputElement>(null);
  const continueButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    localOutboxAvailable(base).then(setOutbox);
  }, [base]);
  useEffect(() => {
    if (step === 'code') codeInput.current?.focus();
  }, [step]);
  // Once the outbox filled the code, Continue is the next thing to press.
  useEffect(() => {
    if (filled > 0) continueButton.current?.focus();
  }, [filled]);

  // Buttons are not disabled while a call runs: disabling the focused one would drop keyboard focus to the page.
  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (event: Event) => {
    event.preventDefault();
    run(async () => {
      await requestCode(base, email.trim());
      setNote(`We sent a 6-digit code to ${email.trim()}. It is valid for 10 minutes.`);
      setStep('code');
    });
  };

  const signIn = (event: Event) => {
    event.preventDefault();
    run(async () => {
      const tokens = await verifyCode(base, email.trim(), code.trim());
      onSignedIn(email.trim(), tokens.accessToken, tokens.refreshToken);
    });
  };

  const readOutbox = () =>
    run(async () => {
      const found = await codeFromLocalOutbox(base, email.trim());
      if (!found) throw new Error('No code for this address in the local outbox within the last 10 minutes.');
      setCode(found);
      setNote('The code was read from the local outbox.');
      setFilled((n) => n + 1);
    });

  return (
    <>
      <h1>Sign in to the HDS console</h1>
      {step === 'email' ? (
        <form onSubmit={sendCode} class="stack">
          <label for="email">Email address</label>
          <input
            id="email"
            type="email"
            autocomplete="email"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
          <button type="submit" aria-busy={busy}>
            Send code
          </button>
        </form>
      ) : (
        <form onSubmit={signIn} class="stack">
          {note && (
            <p role="status" class="muted">
              {note}
            </p>
          )}
          <label for="code">Sign-in code</label>
          <input
            id="code"
            ref={codeInput}
            inputMode="numeric"
            autocomplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={code}
            onInput={(e) => setCode(e.currentTarget.value)}
          />
          {outbox && (
            <button type="button" class="secondary" onClick={readOutbox} aria-busy={busy}>
              Read the code from the local outbox
            </button>
          )}
          <button type="submit" ref={continueButton} aria-busy={busy}>
            Continue
          </button>
          <button
            type="button"
            class="link"
            onClick={() => {
              setStep('email');
              setCode('');
              setNote(null);
            }}
          >
            Use another email address
          </button>
        </form>
      )}
      <ErrorMessage error={error} />
    </>
  );
}
