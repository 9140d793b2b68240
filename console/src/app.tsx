import { useEffect, useRef, useState } from 'preact/hooks';
import type { ConsoleApi } from './console-api';
import { type Route, useRoute } from './router';
import type { Session } from './session';
import { AskView } from './views/ask-view';
import { KeysView } from './views/keys/keys-view';
import { SignInView } from './views/sign-in/sign-in-view';
import { SubjectView } from './views/subjects/subject-view';
import { SubjectsView } from './views/subjects/subjects-view';
import { UsageView } from './views/usage/usage-view';
import { WebhooksView } from './views/webhooks/webhooks-view';

interface AppProps {
  session: Session;
  api: ConsoleApi;
}

const NAV: { view: Route['view']; href: string; label: string }[] = [
  { view: 'keys', href: '#/keys', label: 'API keys' },
  { view: 'webhooks', href: '#/webhooks', label: 'Webhooks' },
  { view: 'usage', href: '#/usage', label: 'Usage' },
  { view: 'subjects', href: '#/subjects', label: 'Subjects' },
  { view: 'ask', href: '#/ask', label: 'Ask' },
];

/** The shell: sign-in until there is a session, then the header, the navigation and the current view. */
export function App({ session, api }: AppProps) {
  const [signedIn, setSignedIn] = useState(() => session.accessToken !== null);
  useEffect(() => session.subscribe(() => setSignedIn(session.accessToken !== null)), [session]);
  const route = useRoute();

  if (!signedIn) {
    return (
      <main id="main" class="narrow">
        <SignInView base={api.base} onSignedIn={(email, access, refresh) => session.signIn(email, access, refresh)} />
      </main>
    );
  }
  const current = route.view === 'subject' ? 'subjects' : route.view;
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="site-header">
        <span class="brand">HDS console</span>
        <nav aria-label="Console">
          <ul>
            {NAV.map((item) => (
              <li key={item.view}>
                <a href={item.href} aria-current={item.view === current ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
            <li>
              <a href={`${api.base}/console/reference`}>API reference</a>
            </li>
          </ul>
        </nav>
        <span class="who">{session.email}</span>
        <button type="button" onClick={() => session.signOut()}>
          Sign out
        </button>
      </header>
      <ViewFrame route={route} api={api} />
    </>
  );
}

/** The view of the route; on a change of view, focus moves to its heading so screen readers announce the new page. */
function ViewFrame({ route, api }: { route: Route; api: ConsoleApi }) {
  const main = useRef<HTMLElement>(null);
  const key = route.view === 'subject' ? `subject:${route.user}` : route.view;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [key]);
  return (
    <main id="main" ref={main} tabIndex={-1}>
      {route.view === 'keys' && <KeysView api={api} />}
      {route.view === 'webhooks' && <WebhooksView api={api} />}
      {route.view === 'usage' && <UsageView api={api} />}
      {route.view === 'subjects' && <SubjectsView api={api} />}
      {route.view === 'subject' && <SubjectView key={route.user} api={api} user={route.user} series={route.series} />}
      {route.view === 'ask' && <AskView api={api} />}
      {route.view === 'not-found' && (
        <>
          <h1 tabIndex={-1}>Not found</h1>
          <p>
            There is no such page in the console. <a href="#/keys">Go to the API keys</a>.
          </p>
        </>
      )}
    </main>
  );
}
