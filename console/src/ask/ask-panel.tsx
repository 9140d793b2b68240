import { useEffect, useRef, useState } from 'preact/hooks';
import { type ConsoleApi, errorOf } from '../console-api';
import { AnswerView } from './answer-view';
import { type AskFailure, describeFailure, retryAfterSeconds } from './ask-errors';
import { readChatStream } from './sse';
import './ask.css';

/** The Answers API's tiers (spec: `<service>-flash`, the default, and `<service>-expert`). */
const TIERS = [
  { id: 'hds-flash', label: 'hds-flash (fast)' },
  { id: 'hds-expert', label: 'hds-expert (thorough)' },
] as const;
type Tier = (typeof TIERS)[number]['id'];

interface Turn {
  question: string;
  answer: string;
  state: 'streaming' | 'done' | 'stopped' | 'error';
  error?: string;
}

/**
 * Ask: a conversation with the Answers API about one of the account's Subjects, through the console's session route
 * (`POST /api/console/chat/completions`, streamed). Answers render as markdown with `vis-chart` blocks drawn. A new
 * Subject starts a new conversation: one conversation never mixes two people's data.
 */
export function AskPanel(props: { api: ConsoleApi; subjects: readonly string[] }) {
  const { api, subjects } = props;
  const [subject, setSubject] = useState(subjects[0] ?? '');
  const [tier, setTier] = useState<Tier>('hds-flash');
  const [question, setQuestion] = useState('');
  const [turns, setTurns] = useState<Turn[]>([]);
  const [status, setStatus] = useState('');
  const running = useRef<AbortController | null>(null);
  const busy = turns.at(-1)?.state === 'streaming';

  useEffect(() => () => running.current?.abort(), []);
  // The Subject asked about was erased or the list changed under it: start over on one that exists.
  useEffect(() => {
    if (subjects.includes(subject)) return;
    running.current?.abort();
    setSubject(subjects[0] ?? '');
    setTurns([]);
  }, [subjects, subject]);

  const update = (patch: Partial<Turn>) =>
    setTurns((all) => [...all.slice(0, -1), { ...(all.at(-1) as Turn), ...patch }]);

  async function ask(text: string) {
    const history = turns
      .filter((t) => t.state === 'done')
      .flatMap((t) => [
        { role: 'user', content: t.question },
        { role: 'assistant', content: t.answer },
      ]);
    const controller = new AbortController();
    running.current = controller;
    setTurns((all) => [...all, { question: text, answer: '', state: 'streaming' }]);
    setQuestion('');
    setStatus('Answering…');
    const fail = (f: AskFailure) => {
      const error = describeFailure(f);
      update({ state: 'error', error });
      setStatus(error);
    };
    try {
      const res = await api.fetch('/api/console/chat/completions', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({
          model: tier,
          user: subject,
          stream: true,
          messages: [...history, { role: 'user', content: text }],
        }),
        signal: controller.signal,
      });
      if (!res.ok || !res.body) {
        const retryAfter = retryAfterSeconds(res.headers.get('retry-after'));
        const e = await errorOf(res);
        return fail({ status: res.status, code: e?.code ?? null, message: e?.message ?? null, retryAfter });
      }
      let answer = '';
      for await (const event of readChatStream(res.body)) {
        if (event.type === 'content') {
          answer += event.text;
          update({ answer });
        } else if (event.type === 'error') {
          return fail({ status: 200, code: event.code, message: event.message });
        }
      }
      update({ state: 'done' });
      setStatus('Answer complete.');
    } catch (err) {
      if (controller.signal.aborted) {
        update({ state: 'stopped' });
        setStatus('Stopped.');
      } else fail({ status: null, code: null, message: (err as Error).message ?? null });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  const submit = (e: Event) => {
    e.preventDefault();
    const text = question.trim();
    if (text && subject && !busy) void ask(text);
  };

  if (subjects.length === 0) {
    return (
      <section class="ask" aria-labelledby="ask-heading">
        <h2 id="ask-heading" class="visually-hidden">
          Chat on the Answers API
        </h2>
        <p>This account has no Subjects yet. Write readings with an API key first, then ask about them here.</p>
      </section>
    );
  }

  return (
    <section class="ask" aria-labelledby="ask-heading">
      <h2 id="ask-heading" class="visually-hidden">
        Chat on the Answers API
      </h2>
      <form class="ask-form" onSubmit={submit}>
        <div class="ask-choices">
          <label for="ask-subject">Subject</label>
          <select
            id="ask-subject"
            value={subject}
            disabled={busy}
            onChange={(e) => {
              setSubject(e.currentTarget.value);
              setTurns([]);
              setStatus('');
            }}
          >
            {subjects.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <label for="ask-tier">Model tier</label>
          <select id="ask-tier" value={tier} disabled={busy} onChange={(e) => setTier(e.currentTarget.value as Tier)}>
            {TIERS.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <label for="ask-question">Question</label>
        <textarea
          id="ask-question"
          rows={3}
          value={question}
          aria-describedby="ask-hint"
          onInput={(e) => setQuestion(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
          }}
        />
        <p id="ask-hint" class="ask-hint">
          Answers come from this Subject's own records. Ctrl+Enter (Cmd+Enter on a Mac) asks.
        </p>
        <div class="ask-actions">
          <button type="submit" disabled={busy || question.trim() === ''}>
            Ask
          </button>
          {busy ? (
            <button type="button" onClick={() => running.current?.abort()}>
              Stop
            </button>
          ) : null}
          {turns.length > 0 && !busy ? (
            <button
              type="button"
              onClick={() => {
                setTurns([]);
                setStatus('');
              }}
            >
              New conversation
            </button>
          ) : null}
        </div>
      </form>
      <p class="ask-sr-only" role="status" aria-live="polite">
        {status}
      </p>
      <ol class="ask-transcript" aria-label={`Conversation about ${subject}`}>
        {turns.map((t, i) => (
          <li key={i} class="ask-turn" data-state={t.state}>
            <p class="ask-question">
              <strong>You asked:</strong> {t.question}
            </p>
            <div class="ask-answer" aria-busy={t.state === 'streaming' ? 'true' : 'false'}>
              <AnswerView markdown={t.answer} />
              {t.state === 'streaming' && t.answer === '' ? <p class="ask-waiting">Looking at the records…</p> : null}
            </div>
            {t.state === 'stopped' ? <p class="ask-note">Stopped before the answer was complete.</p> : null}
            {t.error ? (
              <p class="ask-error" role="alert">
                {t.error}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
