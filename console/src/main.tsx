import { render } from 'preact';
import { App } from './app';
import { apiBase } from './base';
import { consoleApi, Session } from './session';
import './styles.css';

const base = apiBase(location.pathname);
const session = new Session(base);
const root = document.getElementById('app');
if (root) render(<App session={session} api={consoleApi(base, session)} />, root);
