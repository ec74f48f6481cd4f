/**
 * 'Add an external activity' (issue 39 item 3): title, provider, date, credit, body, type, course number and an
 * evidence file (PDF, JPEG or PNG up to 10 MB). HSW is not offered for the AIA: it cannot be self-reported. Each
 * problem is said beside its field; the machine holds the draft and sends it.
 */
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Button, FileTrigger, Form, Text } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import { type CpdMachine, type DraftField, EVIDENCE_TYPES, selfReportTypes } from '../../../application/cpd.machine';
import { TYPE_NAMES } from '../../../domain/cpd';
import { CPD_BODY_NAMES, type CpdBody } from '../../../domain/cpd.schema';
import { Field, InlineError } from '../../components/fields';
import { ChoiceSelect } from './choice-select';

export function ActivityForm({ actor, bodies }: { actor: ActorRefFrom<CpdMachine>; bodies: readonly { body: CpdBody; bodyName: string }[] }) {
  const state = useSelector(actor, (s) => s.value.activity);
  const draft = useSelector(actor, (s) => s.context.draft);
  const problems = useSelector(actor, (s) => s.context.problems);
  const submitError = useSelector(actor, (s) => s.context.submitError);
  const today = useSelector(actor, (s) => s.context.today);
  const submitting = state === 'submitting';
  const set = (field: DraftField) => (value: string) => actor.send({ type: 'field.change', field, value });

  if (state === 'closed') {
    return (
      <Button className="button button--primary" onPress={() => actor.send({ type: 'activity.open', ...(bodies.length === 1 ? { body: bodies[0]!.body } : {}) })}>
        Add an external activity
      </Button>
    );
  }
  if (state === 'done') {
    return (
      <section className="card cpd-activity" aria-labelledby="cpd-activity-done">
        <div className="card__body">
          <h2 id="cpd-activity-done">Activity added</h2>
          <p role="status">It is in your record, marked self-reported.</p>
          <div className="cpd-body__actions">
            <Button className="button button--primary" onPress={() => actor.send({ type: 'activity.another' })}>Add another</Button>
            <Button className="button" onPress={() => actor.send({ type: 'activity.close' })}>Close</Button>
          </div>
        </div>
      </section>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'activity.submit' });
  };
  const types = selfReportTypes(draft.body);
  return (
    <section className="card cpd-activity" aria-labelledby="cpd-activity-title">
      <div className="card__body">
        <h2 id="cpd-activity-title">Add an external activity</h2>
        <p>Learning you did elsewhere counts too. It is marked self-reported; the AIA does not accept self-reported HSW credit.</p>
        <Form onSubmit={submit} className="form cpd-activity__form">
          <Field label="Title" name="title" value={draft.title} onChange={set('title')} error={problems.title ?? null} isDisabled={submitting} autoFocus />
          <Field label="Provider" name="provider" value={draft.provider} onChange={set('provider')} error={problems.provider ?? null} isDisabled={submitting} />
          <Field label="Date" name="date" type="date" value={draft.date} onChange={set('date')} error={problems.date ?? null} isDisabled={submitting}
            description={`The day you did it, on or before ${today}`} />
          <Field label="Credit earned" name="amount" inputMode="decimal" value={draft.amount} onChange={set('amount')} error={problems.amount ?? null}
            isDisabled={submitting} description="LU for the AIA, hours for GBCI, WELL and RIBA, CEU for IDCEC" />
          <ChoiceSelect label="Body" value={draft.body} onChange={set('body')} error={problems.body ?? undefined} isDisabled={submitting}
            choices={bodies.map((b) => ({ id: b.body, label: b.body === 'other' ? b.bodyName : CPD_BODY_NAMES[b.body] }))} />
          <ChoiceSelect label="Type of credit" value={draft.type} onChange={set('type')} error={problems.type ?? undefined} isDisabled={submitting || !draft.body}
            placeholder={draft.body ? 'Choose...' : 'Choose the body first'} choices={types.map((t) => ({ id: t, label: TYPE_NAMES[t] }))} />
          <Field label="Course number (optional)" name="courseNumber" value={draft.courseNumber} onChange={set('courseNumber')} error={problems.courseNumber ?? null}
            isDisabled={submitting} description="The number the body gave the activity, if it has one" />
          <div className="field">
            <span className="field__label" id="cpd-evidence-label">Evidence (optional)</span>
            <div className="cpd-activity__file">
              <FileTrigger acceptedFileTypes={[...EVIDENCE_TYPES]}
                onSelect={(files) => {
                  const file = files?.[0];
                  actor.send({ type: 'file.change', file: file ? { name: file.name, size: file.size, type: file.type, blob: file } : null });
                }}>
                <Button className="button" isDisabled={submitting} aria-describedby="cpd-evidence-label cpd-evidence-help">
                  {draft.file ? 'Choose another file' : 'Choose a file'}
                </Button>
              </FileTrigger>
              {draft.file && (
                <>
                  <span className="cpd-activity__file-name">{draft.file.name}</span>
                  <Button className="button" isDisabled={submitting} onPress={() => actor.send({ type: 'file.change', file: null })}>
                    Remove file
                  </Button>
                </>
              )}
            </div>
            <Text id="cpd-evidence-help" className="field__help">A certificate or receipt: PDF, JPEG or PNG, up to 10 MB. Only you can open it.</Text>
            <InlineError id="cpd-evidence-error" error={problems.file ?? null} />
          </div>
          <p className="form__error" role="alert">
            {submitError ?? ''}
          </p>
          <div className="cpd-body__actions">
            <Button type="submit" className="button button--primary" isDisabled={submitting}>
              {submitting ? 'Adding...' : 'Add activity'}
            </Button>
            <Button className="button" isDisabled={submitting} onPress={() => actor.send({ type: 'activity.close' })}>
              Cancel
            </Button>
          </div>
        </Form>
      </div>
    </section>
  );
}
