/**
 * 'Push to this device' under Notifications in /profile (issue 42 item 4, ADR 169): whether this browser can, and,
 * when it can, the kinds this device receives, with turning on (which asks the browser's permission), saving other
 * kinds and turning off. The push-settings machine does the work; this view shows and sends.
 */
import { useMachine } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { Button, CheckboxGroup, Label } from 'react-aria-components';
import { KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from '../../../domain/notifications';
import { PUSH_TEXT } from '../../../domain/push';
import { Checkbox } from '../../components/checkbox';
import { InlineError } from '../../components/fields';
import { useServices } from '../../services-context';

const DEFAULT_KINDS: NotificationKind[] = ['reply_post', 'reply_comment', 'mention'];

export function PushSection() {
  const { machines } = useServices();
  const [machine] = useState(machines.pushSettings);
  const [state, send] = useMachine(machine);
  const [kinds, setKinds] = useState<NotificationKind[]>(DEFAULT_KINDS);
  const { error, announcement } = state.context;
  const errorId = useId();
  const on = state.matches('on') || state.matches('saving') || state.matches('unsubscribing');
  const busy = state.matches('subscribing') || state.matches('saving') || state.matches('unsubscribing');
  // The device's kinds, once known, are what the boxes show.
  useEffect(() => {
    if (state.context.kinds.length > 0) setKinds(state.context.kinds);
  }, [state.context.kinds]);

  return (
    <div className="push-settings">
      <h3>Push to this device</h3>
      {state.matches('checking') ? <p className="field__help">Checking this browser...</p> : null}
      {state.matches('unsupported') ? <p className="field__help">{PUSH_TEXT.unsupported}.</p> : null}
      {state.matches('denied') ? <p className="field__help">{PUSH_TEXT.denied}.</p> : null}
      {state.matches('off') || on || state.matches('subscribing') ? (
        <>
          <CheckboxGroup className="push-settings__kinds" value={kinds} onChange={(value) => setKinds(value as NotificationKind[])} isDisabled={busy}
            aria-describedby={error ? errorId : undefined}>
            <Label className="field__label">Notifications pushed to this device</Label>
            {NOTIFICATION_KINDS.map((kind) => (
              <Checkbox key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </Checkbox>
            ))}
          </CheckboxGroup>
          <InlineError id={errorId} error={error} />
          <div className="push-settings__actions">
            {on ? (
              <>
                <Button className="button button--primary" isDisabled={busy} onPress={() => send({ type: 'user.save', kinds })}>
                  {state.matches('saving') ? 'Saving...' : 'Save push settings'}
                </Button>
                <Button className="button" isDisabled={busy} onPress={() => send({ type: 'user.turnOff' })}>
                  {state.matches('unsubscribing') ? 'Turning off...' : 'Turn off push'}
                </Button>
              </>
            ) : (
              <Button className="button button--primary" isDisabled={busy} onPress={() => send({ type: 'user.turnOn', kinds })}>
                {state.matches('subscribing') ? 'Turning on...' : 'Turn on push for this device'}
              </Button>
            )}
          </div>
        </>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
