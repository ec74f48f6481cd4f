/**
 * The HTML the server sends is valid (issue 41 item 14, ADR 162): the Nu HTML Checker (vnu.jar from the vnu-jar
 * package, run on Debian's Java) reports no error on home, an article, the login page and a public certificate page,
 * as a visitor who is not signed in receives them from the real server with the built SPA. The Nu checker reads the
 * document's inline styles too.
 *
 * Without Java the test is skipped with a note, but never in CI (CI=true), where scripts/setup-and-test.sh installs
 * default-jre-headless and a missing Java fails the test.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { createUser } from './support/accounts';
import { expect, test } from './support/fixtures';

const ARTICLE = 'carbon--embodied-carbon-hidden-half';
const COURSE = 'material-passports-and-digital-product-data';
const VNU_JAR = join(dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build', 'dist', 'vnu.jar');

const javaFound = spawnSync('java', ['-version']).status === 0;
test.skip(!javaFound && !process.env.CI, 'The Nu HTML Checker needs Java: apt-get install default-jre-headless (CI installs it and never skips)');

interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Every lesson done and every question answered right (content/courses/<slug>/assessment.json), then the certificate. */
async function certificateOf(request: APIRequestContext): Promise<string> {
  const user = await createUser(request, { firstName: 'Valid', lastName: 'Markup' });
  const headers = { authorization: `Bearer ${user.token}` };
  const ok = async (answer: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(answer.ok(), `${answer.url()}: ${await answer.text()}`).toBe(true);
    return answer.json();
  };
  const { course } = await ok(await request.get(`/api/courses/${COURSE}`, { headers })) as { course: { _id: string; sections: { content: { _id: string }[] }[] } };
  for (const lesson of course.sections.flatMap((s) => s.content)) {
    await ok(await request.post(`/api/courses/${course._id}/lessons/${lesson._id}/complete`, { headers }));
  }
  const questions = (JSON.parse(readFileSync(join(process.cwd(), 'content', 'courses', COURSE, 'assessment.json'), 'utf8')) as { questions: { correctIndex: number }[] }).questions;
  const { attempt } = await ok(await request.post(`/api/courses/${course._id}/assessment/start`, { headers })) as { attempt: { _id: string } };
  for (const [questionIndex, { correctIndex }] of questions.entries()) {
    await ok(await request.post(`/api/assessment-attempts/${attempt._id}/answer`, { headers, data: { questionIndex, selectedOption: correctIndex } }));
  }
  await ok(await request.post(`/api/assessment-attempts/${attempt._id}/complete`, { headers }));
  const { certificate } = await ok(await request.post(`/api/courses/${course._id}/certificate`, { headers, data: { name: 'Valid Markup' } })) as { certificate: { _id: string } };
  return certificate._id;
}

test('the Nu HTML Checker finds no error on home, an article, the login page and a certificate page', async ({ request }, testInfo) => {
  expect(javaFound, 'java is not on the PATH: scripts/setup-and-test.sh installs default-jre-headless').toBe(true);
  const certificateId = await certificateOf(request);
  const pages = ['/', `/articles/${ARTICLE}`, '/login', `/certificates/${certificateId}`];
  const files: Record<string, string> = {};
  for (const [i, path] of pages.entries()) {
    // A visitor's request: no cookie, the HTML as the server renders it.
    const answer = await request.get(path, { headers: { accept: 'text/html' } });
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()['content-type']).toContain('text/html');
    const file = testInfo.outputPath(`page-${i}.html`);
    writeFileSync(file, await answer.body());
    files[file] = path;
  }

  const run = spawnSync('java', ['-Xss4m', '-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...Object.keys(files)], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  expect(run.error, String(run.error)).toBeUndefined();
  const { messages } = JSON.parse(run.stderr) as { messages: NuMessage[] };
  // The checker read every page (a page it could not read is a 'non-document-error').
  expect(messages.filter((m) => m.type === 'non-document-error')).toEqual([]);
  const errors = messages
    .filter((m) => m.type === 'error' || m.subType === 'fatal')
    .map((m) => `${files[decodeURIComponent(new URL(m.url ?? 'file:/unknown').pathname)] ?? m.url} line ${m.lastLine}: ${m.message} [${m.extract ?? ''}]`);
  expect(errors).toEqual([]);
});
