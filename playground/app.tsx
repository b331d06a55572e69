/**
 * The playground page: a chat with the local agent (`npm start` serves both), and the replay viewer one
 * tab away (`#replay`). The wire switch picks what the server speaks; the kit detects it.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { agentFetch } from './agent-fetch';
import { AssistantTurn, Composer, startTurn, type Turn, WIRE_GAPS, WIRE_NAMES } from './chat';
import { ReplayViewer } from './replay';
import type { Wire } from './timeline';

type Theme = 'system' | 'light' | 'dark';
const THEMES: readonly Theme[] = ['system', 'light', 'dark'];
const WIRES = Object.keys(WIRE_NAMES) as Wire[];

interface Info {
  scenarios: { id: string; prompt: string }[];
  model: string | null;
  commandTimeoutMs: number;
}

/** One session per tab (sessionStorage), so two tabs work on two scratch copies. */
function sessionId(): string {
  const key = 'tool-steps-playground-session';
  let id = sessionStorage.getItem(key);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(key, id);
  }
  return id;
}

const initialWire = (): Wire => {
  const asked = new URLSearchParams(location.search).get('wire');
  return WIRES.includes(asked as Wire) ? (asked as Wire) : 'cogitator';
};

const subscribeHash = (listener: () => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};

export function App() {
  const hash = useSyncExternalStore(subscribeHash, () => location.hash);
  const tab = hash === '#replay' ? 'replay' : 'agent';
  const [theme, setTheme] = useState<Theme>('system');
  const [wire, setWire] = useState<Wire>(initialWire);
  const [session] = useState(sessionId);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [info, setInfo] = useState<Info | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const chatRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const html = document.documentElement;
    if (theme === 'system') html.removeAttribute('data-theme');
    else html.setAttribute('data-theme', theme);
  }, [theme]);

  useEffect(() => {
    agentFetch('/api/info')
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status}`))))
      .then(setInfo)
      .catch(() => setNotice('The agent server does not answer: start the page with `npm start`.'));
  }, []);

  // busy while the latest turn streams
  const latest = turns.at(-1);
  useEffect(() => {
    if (!latest) return;
    const update = () => setBusy(latest.stream.getSnapshot().status === 'streaming');
    update();
    return latest.stream.subscribe(update);
  }, [latest]);

  // follow the bottom while the answer grows, unless the person scrolled up
  useEffect(() => {
    const chat = chatRef.current;
    if (!chat) return;
    let pinned = true;
    const onScroll = () => {
      pinned = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 120;
    };
    const observer = new ResizeObserver(() => {
      if (pinned) window.scrollTo({ top: document.documentElement.scrollHeight });
    });
    observer.observe(chat);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  const send = (prompt: string) => {
    setNotice(undefined);
    // a new request replaces a running one on the server; stop ours too, so its steps end `interrupted`
    latest?.stream.stop();
    const turn = startTurn(wire, prompt, session); // outside the updater: StrictMode calls updaters twice
    setTurns((list) => [...list, turn]);
  };

  const reset = async () => {
    latest?.stream.stop();
    const response = await agentFetch('/api/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session }),
    }).catch(() => undefined);
    setTurns([]);
    setNotice(
      response?.ok ? 'A fresh copy of the sample project is ready.' : 'Reset failed: the agent server does not answer.',
    );
  };

  return (
    <div className="pg" data-tab={tab}>
      <header className="pg-header">
        <div className="pg-brand">
          <h1>tool-steps</h1>
          <nav className="pg-tabs" aria-label="Playground">
            <a href="#agent" aria-current={tab === 'agent' ? 'page' : undefined}>
              Agent
            </a>
            <a href="#replay" aria-current={tab === 'replay' ? 'page' : undefined}>
              Replay
            </a>
          </nav>
        </div>
        <div className="pg-controls">
          {tab === 'agent' ? (
            <>
              <fieldset className="pg-segmented" aria-describedby="pg-wire-gap">
                <legend>Wire</legend>
                {WIRES.map((w) => (
                  <label key={w}>
                    <input type="radio" name="wire" value={w} checked={wire === w} onChange={() => setWire(w)} />
                    <span>{WIRE_NAMES[w]}</span>
                  </label>
                ))}
              </fieldset>
              <button type="button" className="pg-button pg-reset" onClick={reset} title="A fresh copy of the project">
                <span aria-hidden="true">↺</span> <span className="pg-reset-text">Reset</span>
              </button>
            </>
          ) : null}
          <label className="pg-theme">
            <span className="pg-visually-hidden">Theme</span>
            <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
              {THEMES.map((t) => (
                <option key={t} value={t}>
                  {t === 'system' ? 'Auto' : t === 'light' ? 'Light' : 'Dark'}
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>

      {tab === 'replay' ? (
        <ReplayViewer />
      ) : (
        <main className="pg-chat-page">
          <p className="pg-wire-gap" id="pg-wire-gap">
            {WIRE_GAPS[wire]}
            {info?.model ? ` Model: ${info.model}.` : ' No language model: scripted plans, real tools.'}
          </p>
          <div className="pg-chat" ref={chatRef} aria-live="off">
            {turns.length === 0 ? (
              <div className="pg-empty">
                <h2>What should the agent do?</h2>
                <p>
                  It works on a scratch copy of a small shop project (a real bug, failing tests). Reading and editing
                  run at once; commands and file writes wait for your approval.
                </p>
              </div>
            ) : null}
            {turns.map((turn) => (
              <section key={turn.id} className="pg-exchange" aria-label={turn.prompt}>
                <div className="pg-turn pg-user" data-testid="user-turn">
                  <p>{turn.prompt}</p>
                  {turn.wire !== wire ? <span className="pg-wire-tag">{WIRE_NAMES[turn.wire]}</span> : null}
                </div>
                <AssistantTurn turn={turn} session={session} />
              </section>
            ))}
            {notice ? (
              <p className="pg-notice" role="status">
                {notice}
              </p>
            ) : null}
          </div>
          <div className="pg-dock">
            <fieldset className="pg-chips">
              <legend className="pg-visually-hidden">Suggestions</legend>
              {(info?.scenarios ?? []).slice(0, 6).map((s) => (
                <button key={s.id} type="button" className="pg-chip" onClick={() => send(s.prompt)}>
                  {s.prompt}
                </button>
              ))}
            </fieldset>
            <Composer busy={busy} onSend={send} onStop={() => latest?.stream.stop()} />
          </div>
        </main>
      )}
    </div>
  );
}
