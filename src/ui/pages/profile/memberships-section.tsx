/**
 * 'Professional memberships' (issue 39 item 2): the member's numbers with the bodies whose continuing education they
 * keep (AIA, GBCI with the LEED credentials held, WELL AP, RIBA, IDCEC, another body), and since when for GBCI and
 * WELL (their two-year periods start then). Numbers are checked by format where the body publishes one.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button, CheckboxGroup, Form, Label } from 'react-aria-components';
import { Link } from 'wouter';
import { toast } from 'sonner';
import { messageOf } from '../../../application/api-error';
import { membershipNumberProblem } from '../../../domain/cpd';
import { CPD_BODIES, CPD_BODY_NAMES, type CpdBody, LEED_CREDENTIALS, type Membership } from '../../../domain/cpd.schema';
import { memberships as cpdMemberships, saveMemberships as saveCpdMemberships } from '../../calls';
import { Checkbox } from '../../components/checkbox';
import { Field, InlineError } from '../../components/fields';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import { ChoiceSelect } from '../cpd/choice-select';

interface Row {
  key: number;
  body: CpdBody | '';
  bodyName: string;
  number: string;
  credentials: string[];
  since: string;
}

const NUMBER_LABELS: Record<CpdBody, string> = {
  aia: 'AIA member number',
  gbci: 'GBCI credential ID',
  iwbi: 'GBCI credential ID (WELL AP)',
  riba: 'RIBA membership number',
  idcec: 'IDCEC number',
  other: 'Membership number',
};

let nextKey = 1;
const toRow = (m: Membership): Row => ({ key: nextKey++, body: m.body, bodyName: m.bodyName ?? '', number: m.number, credentials: m.credentials ?? [], since: m.since ?? '' });

function rowProblems(row: Row): Partial<Record<'body' | 'bodyName' | 'number', string>> {
  const problems: Partial<Record<'body' | 'bodyName' | 'number', string>> = {};
  if (!row.body) problems.body = 'Choose the body';
  if (row.body === 'other' && !row.bodyName.trim()) problems.bodyName = 'Name the body';
  if (!row.number.trim()) problems.number = 'Enter the number';
  else if (row.body) {
    const wrong = membershipNumberProblem(row.body, row.number);
    if (wrong) problems.number = wrong;
  }
  return problems;
}

export function MembershipsSection() {
  const { api } = useServices();
  const saved = useQuery(cpdMemberships, {}, { fresh: true });
  const [rows, setRows] = useState<Row[]>([]);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const list = saved.data?.memberships;
  useEffect(() => {
    if (list) setRows(list.map(toRow));
  }, [list]);
  const update = (key: number, change: Partial<Row>) => setRows((current) => current.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const problems = new Map(rows.map((r) => [r.key, rowProblems(r)]));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShown(true);
    if ([...problems.values()].some((p) => Object.keys(p).length > 0)) return;
    setBusy(true);
    setError(null);
    try {
      const memberships = rows.map((r) => ({
        body: r.body as CpdBody,
        ...(r.body === 'other' ? { bodyName: r.bodyName.trim() } : {}),
        number: r.number.trim(),
        ...(r.body === 'gbci' && r.credentials.length ? { credentials: r.credentials } : {}),
        ...((r.body === 'gbci' || r.body === 'iwbi') && r.since ? { since: r.since } : {}),
      }));
      const answer = await saveCpdMemberships.use((call) => api.call(call, { body: { memberships } }));
      setRows(answer.memberships.map(toRow));
      setShown(false);
      toast.success('Memberships saved');
    } catch (failure) {
      setError(messageOf(failure, 'Failed to save your memberships'));
    } finally {
      setBusy(false);
    }
  };

  const used = new Set(rows.filter((r) => r.body && r.body !== 'other').map((r) => r.body));
  return (
    <section className="auth-card profile-card" id="memberships" aria-labelledby="memberships-title">
      <h2 id="memberships-title">Professional memberships</h2>
      <p className="field__help">
        Your numbers with the bodies whose continuing education you keep. Your credit and transcripts are on the{' '}
        <Link href={paths.cpd}>continuing education</Link> page.
      </p>
      <Form onSubmit={submit} className="form">
        {rows.length === 0 && <p>No memberships yet.</p>}
        <ul className="memberships-list">
          {rows.map((row, index) => {
            const p = shown ? problems.get(row.key) ?? {} : {};
            const choices = CPD_BODIES.filter((b) => b === row.body || b === 'other' || !used.has(b)).map((b) => ({ id: b, label: CPD_BODY_NAMES[b] }));
            return (
              <li key={row.key} className="membership" aria-label={`Membership ${index + 1}`}>
                <ChoiceSelect label="Body" value={row.body} choices={choices} error={p.body} isDisabled={busy}
                  onChange={(body) => update(row.key, { body: body as CpdBody | '' })} />
                {row.body === 'other' && (
                  <Field label="Name of the body" name={`bodyName-${row.key}`} value={row.bodyName} onChange={(bodyName) => update(row.key, { bodyName })}
                    error={p.bodyName ?? null} isDisabled={busy} />
                )}
                <Field label={row.body ? NUMBER_LABELS[row.body] : 'Number'} name={`number-${row.key}`} value={row.number} error={p.number ?? null}
                  onChange={(number) => update(row.key, { number })} isDisabled={busy} />
                {row.body === 'gbci' && (
                  <CheckboxGroup className="membership__credentials" value={row.credentials} onChange={(credentials) => update(row.key, { credentials })} isDisabled={busy}>
                    <Label className="field__label">Credentials held</Label>
                    {LEED_CREDENTIALS.map((c) => (
                      <Checkbox key={c} value={c}>
                        {c}
                      </Checkbox>
                    ))}
                  </CheckboxGroup>
                )}
                {(row.body === 'gbci' || row.body === 'iwbi') && (
                  <Field label="Credential earned on" name={`since-${row.key}`} type="date" value={row.since} onChange={(since) => update(row.key, { since })}
                    description="Your two-year reporting period starts on this date" isDisabled={busy} />
                )}
                <Button className="button" isDisabled={busy} onPress={() => setRows((current) => current.filter((r) => r.key !== row.key))}>
                  Remove<span className="visually-hidden"> membership {index + 1}</span>
                </Button>
              </li>
            );
          })}
        </ul>
        <Button className="button" isDisabled={busy || rows.length >= 12}
          onPress={() => setRows((current) => [...current, { key: nextKey++, body: '', bodyName: '', number: '', credentials: [], since: '' }])}>
          Add a membership
        </Button>
        <InlineError id={errorId} error={error} />
        <Button type="submit" className="button button--primary" isDisabled={busy}>
          {busy ? 'Saving...' : 'Save memberships'}
        </Button>
      </Form>
    </section>
  );
}
