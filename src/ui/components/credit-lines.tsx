/**
 * A content item's continuing-education credit (issue 39): one short line per credit, e.g. "AIA CES · 1 LU · not
 * approved by this body". Nothing when there is none. Used on course cards, course pages and workshop pages.
 */
import type { CreditLine } from '../../domain/cpd.schema';
import { creditLineText } from '../../domain/credit-lines';
import './credit-lines.css';

export function CreditLines({ credits, compact = false, label = 'Continuing-education credit' }: {
  credits: readonly CreditLine[];
  compact?: boolean;
  label?: string;
}) {
  if (credits.length === 0) return null;
  return (
    <ul className={`credit-lines${compact ? ' credit-lines--compact' : ''}`} aria-label={label} data-testid="credit-lines">
      {credits.map((line) => (
        <li key={`${line.body}|${line.bodyName ?? ''}|${line.type}`}>{creditLineText(line)}</li>
      ))}
    </ul>
  );
}
