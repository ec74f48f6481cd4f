/** The schema of a list of credit lines (issue 39), apart from their texts so that views load without zod (ADR 185). */
import { z } from 'zod';
import { creditLineSchema } from './cpd.schema';
import { creditBodyName, creditLineProblem } from './credit-lines';

/** A list of credit lines as the content files and the authoring screens give it: one line per body and type. */
export const creditLinesSchema = z.array(creditLineSchema).max(12).superRefine((lines, ctx) => {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const problem = creditLineProblem(line);
    if (problem) ctx.addIssue({ code: 'custom', path: [index], message: problem });
    const key = `${line.body}|${line.bodyName ?? ''}|${line.type}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: `${creditBodyName(line)} ${line.type} is listed twice` });
    seen.add(key);
  });
});
