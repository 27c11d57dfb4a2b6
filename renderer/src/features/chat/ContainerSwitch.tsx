import './containerSwitch.css';
import { useSyncExternalStore } from 'react';
import { describeEngineInUse } from '../settings/engineWords.js';
import { useEngineInUse } from '../settings/useEngineInUse.js';
import { containerChoices } from './containerChoice.js';

/**
 * "Run commands in a container" for the open conversation (null: the one the first message
 * creates). While on, the conversation says so, with the engine that runs them; each message
 * sends the switch's value (containerChoice.ts).
 */
export function ContainerSwitch({ conversationId }: { conversationId: string | null }) {
  useSyncExternalStore(containerChoices.subscribe, containerChoices.snapshot);
  const on = containerChoices.isOn(conversationId);
  const engine = useEngineInUse(on);
  return (
    <div className={`container-switch${on ? ' is-on' : ''}`}>
      <label className="check">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby={on ? 'container-switch-note' : undefined}
          onChange={(e) => containerChoices.set(conversationId, e.target.checked)}
        />
        Run commands in a container
      </label>
      {on && (
        <p id="container-switch-note" role="status" data-testid="container-on">
          From your next message, this conversation&apos;s commands (run_command) run in a container, not on this machine&apos;s shell
          {engine.data ? ` — engine: ${describeEngineInUse(engine.data)}` : '.'} <a href="#/settings">Container engine settings</a>
        </p>
      )}
    </div>
  );
}
