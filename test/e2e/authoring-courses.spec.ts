/**
 * Authoring a course in the staff console (issue 38, ADR 168), by keyboard alone with axe on every screen: an editor
 * writes a course (its own fields, one module with one lesson in Markdown, and its six questions), saves it as a draft,
 * is told beside the lesson's body that the lesson lacks its sources when publishing, adds them, saves and publishes it;
 * a member then finds the course in the courses list, opens it and sees the lesson in its curriculum.
 */
import sharp from 'sharp';
import { PICTURE_ALT_MISSING, PICTURE_ALT_PLACEHOLDER } from '../../src/domain/authoring';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, recordPageErrors, test } from './support/fixtures';
import { chooserFromEnter, shiftTabTo, tabTo } from './support/keyboard';
import { signInAsStaff } from './support/staff';

const LESSON_TITLE = 'Predicting operational energy at the design stage';
const LESSON_SLUG = 'predicting-operational-energy-at-the-design-stage';

/** The lesson without its '## Sources' list: it breaks a lesson rule, so the course cannot be published with it. */
const LESSON_WITHOUT_SOURCES = `A compliance calculation answers whether a design meets the regulations under standard conditions. It was never meant to predict the energy a building will use once it is occupied, yet its result is often quoted as if it were. Operational energy targets, such as those of the RIBA 2030 Climate Challenge, are stated as energy use intensity (EUI) in kWh per square metre per year, so a design team that adopts one needs a prediction made in the same terms. CIBSE TM54 sets out how to make that prediction at the design stage.

## Compliance results and performance predictions

| | Compliance calculation | TM54 performance prediction |
|---|---|---|
| Question answered | Does the design meet the regulations? | How much energy will the building use? |
| Hours and occupancy | Standard profiles for the activity | The hours and occupancy the client expects |
| Energy uses included | Regulated uses only | Regulated and unregulated uses, such as small power, lifts, servers and catering |
| Result | One figure, compared with a notional building | A range of outcomes under stated scenarios |

## The TM54 method, step by step

1. Agree the operating hours, occupancy and equipment with the client and the future facilities team.
2. Estimate each end use, including the unregulated loads that compliance tools leave out.
3. Model the systems and controls as they are likely to run, not as they would run ideally.
4. Test scenarios for poorer management, longer hours and degraded plant.
5. Report the result as a range, with its assumptions written down so that they can be checked later.

The last step matters as much as the model. An assumption that is written down can be compared with the building in use: if the meters show more, the team can see whether the hours, the equipment or the controls differ from what was assumed. That comparison is part of aftercare under the Soft Landings framework, and it is how a prediction becomes evidence for the next project instead of a number forgotten at handover.

## Setting and checking a target

Set the target on the same basis as the prediction: the whole building's energy, every use included, per square metre of floor area per year. The RIBA 2030 Climate Challenge and the LETI Climate Emergency Design Guide both express their operational targets this way, so a prediction, a target and a year of metered data can be compared directly. Sub-metering by end use, specified at the design stage, makes that comparison possible.

## Key takeaways

- A compliance calculation is not a forecast of the energy a building will use in operation.
- TM54 predicts the whole building's energy from realistic hours, occupancy, equipment and controls, unregulated loads included.
- Report a range, and write the assumptions down so that they can be checked against the meters.
- State the target as metered energy use intensity, and specify sub-metering by end use to verify it.
`;

const SOURCES = `
## Sources

- CIBSE (2022). *TM54: Evaluating operational energy use at the design stage*. Chartered Institution of Building Services Engineers.
- RIBA (2021). *RIBA 2030 Climate Challenge*, version 2. Royal Institute of British Architects.
- LETI (2020). *Climate Emergency Design Guide*. London Energy Transformation Initiative.
- BSRIA (2018). *BG 54/2018 Soft Landings Framework*. Building Services Research and Information Association.
`;

/** Six questions written from the lesson; the right option moves about, so each is chosen in its select. */
const QUESTIONS = [
  {
    question: 'What does a compliance calculation answer?',
    options: ['Whether the design meets the regulations under standard conditions', 'How much energy the occupied building will use', 'The metered EUI of the first year in use', 'What the client will pay for energy'],
    right: 0,
    explanation: 'It uses standard profiles and regulated uses only, so it compares the design with a notional building; it is not a forecast.',
  },
  {
    question: 'Which energy uses does a TM54 prediction include that a compliance calculation leaves out?',
    options: ['Space heating and hot water', 'Unregulated uses such as small power, lifts, servers and catering', 'Fixed lighting alone', 'None: both include the same uses'],
    right: 1,
    explanation: 'Compliance tools count regulated uses only; TM54 adds the unregulated loads, which can be a large share of the total.',
  },
  {
    question: 'How should a TM54 prediction be reported?',
    options: ['As one figure, so as not to confuse the client', 'As the compliance result plus a margin', 'As a range under stated scenarios, with its assumptions written down', 'As a percentage better than the notional building'],
    right: 2,
    explanation: 'Operation is uncertain: a range under stated scenarios, with written assumptions, can be checked against the meters later.',
  },
  {
    question: 'Why are the assumptions of a prediction written down?',
    options: ['The regulations ask for them', 'To make the design report longer', 'So the model can be reused unchanged on the next project', 'So that they can be compared with the building in use when the meters disagree'],
    right: 3,
    explanation: 'Written assumptions show whether the hours, the equipment or the controls differ from what was assumed.',
  },
  {
    question: 'On what basis should an operational energy target be set?',
    options: ['Regulated energy only, for the whole building', "The whole building's energy, every use included, per square metre per year", 'Energy per occupant, after on-site generation', 'A rating scheme credit score'],
    right: 1,
    explanation: 'The target is stated as the prediction is, so that a prediction, a target and a year of metered data can be compared directly.',
  },
  {
    question: 'What, specified at the design stage, makes the comparison between prediction and meters possible?',
    options: ['A larger solar array', 'A second compliance calculation', 'Standard operating profiles', 'Sub-metering by end use'],
    right: 3,
    explanation: 'Sub-meters by end use show which part of the prediction the building departs from.',
  },
];

test('an editor writes and publishes a course by keyboard, told beside a lesson what it lacks, and a member opens it', async ({ page, browser, consoleErrors }, testInfo) => {
  test.setTimeout(300_000);
  const run = `${testInfo.workerIndex}-${Date.now() % 1_000_000}`;
  const title = `Operational energy from design to meters ${run}`;
  await signInAsStaff(page, 'editor');
  await page.goto('/staff/content/courses');
  await expect(page.getByRole('tab', { name: 'Courses', selected: true })).toBeVisible();
  await expectAccessible(page, 'staff content: courses');

  await tabTo(page, page.getByRole('link', { name: 'New course' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New course' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Course' });
  /** Tabs to the field and writes `text` over what it holds (typed when short; inserted as a paste would be when long). */
  const fill = async (label: string, text: string) => {
    await tabTo(page, form.getByLabel(label, { exact: true }));
    await page.keyboard.press('ControlOrMeta+A');
    if (text.length <= 30) await page.keyboard.type(text);
    else await page.keyboard.insertText(text);
    await expect(form.getByLabel(label, { exact: true })).toHaveValue(text);
  };
  /** A react-aria select by keyboard: opened, from its first option down (a bounded walk) to `option`, chosen. */
  const choose = async (label: string, option: string) => {
    const button = form.getByRole('button', { name: new RegExp(`${label}$`) });
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeVisible();
    const wanted = page.getByRole('listbox').getByRole('option', { name: option, exact: true });
    await page.keyboard.press('Home');
    for (let i = 0; i < 8 && !(await wanted.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
    await expect(wanted).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(button).toContainText(option);
  };

  // The course's own fields.
  await fill('Title', title);
  await fill('Slug', `design-stage-energy-${run}`);
  await fill('Description', 'How to predict a building’s operational energy at the design stage with CIBSE TM54, set a target in the same terms and check it against the meters.');
  await choose('Category', 'Energy');
  await choose('Level', 'Intermediate');
  await fill('Price in whole dollars', '49');
  await fill('Thumbnail', '/media/courses/energy.svg');
  await fill('Objectives', 'Prepare a design-stage energy prediction that can be checked against metered data');

  // One module with one lesson, its body written without its sources.
  await fill('Module 1: title', 'Predicting energy in use');
  await fill('Module 1, lesson 1: title', LESSON_TITLE);
  await fill('Module 1, lesson 1: slug', LESSON_SLUG);
  await fill('Module 1, lesson 1: body (Markdown)', LESSON_WITHOUT_SOURCES);
  // A picture for the lesson, uploaded in place (ADR 173): it goes in at the body's end with words to replace.
  await tabTo(page, form.getByRole('button', { name: 'Upload a picture for module 1, lesson 1' }));
  const chooser = chooserFromEnter(page);
  const meterRoom = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#2f6d8c' } }).jpeg().toBuffer();
  await (await chooser).setFiles({ name: 'sub-meters.jpg', mimeType: 'image/jpeg', buffer: meterRoom });
  const uploadedLine = /\n\n!\[Describe this picture\]\((\/files\/uploads\/[0-9a-f]+-\d+\.webp)\)\n$/;
  await expect(form.getByLabel('Module 1, lesson 1: body (Markdown)', { exact: true })).toHaveValue(uploadedLine);

  // The assessment: each question added by keyboard, then written from the top of its own group down.
  for (const [i, q] of QUESTIONS.entries()) {
    const n = `Question ${i + 1}`;
    await tabTo(page, form.getByRole('button', { name: 'Add a question' }));
    await page.keyboard.press('Enter');
    await shiftTabTo(page, form.getByLabel(`${n}: text`, { exact: true }), 12);
    await fill(`${n}: text`, q.question);
    for (const [o, option] of q.options.entries()) await fill(`${n}: option ${o + 1}`, option);
    await choose(`${n}: the right option`, `Option ${q.right + 1}`);
    await fill(`${n}: why it is right`, q.explanation);
    await choose(`${n}: written from the lesson`, LESSON_TITLE);
  }
  await expect(form.getByRole('group', { name: /^Question \d+$/ })).toHaveCount(6);
  await expectAccessible(page, 'the course editor, filled in');

  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status:')).toContainText('Draft');

  // Publishing is refused, and the reason is said beside the lesson's body (not as a toast): first its picture is not
  // described; described (the words selected as with Shift and the arrows, then typed over), it still lacks its sources.
  const body = form.getByLabel('Module 1, lesson 1: body (Markdown)', { exact: true });
  await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }));
  await page.keyboard.press('Enter');
  await expect(body).toHaveAccessibleDescription(new RegExp(`figure: ${PICTURE_ALT_MISSING}`));
  await shiftTabTo(page, body);
  await body.evaluate((area: HTMLTextAreaElement, words) => {
    const at = area.value.indexOf(words);
    area.setSelectionRange(at, at + words.length);
  }, PICTURE_ALT_PLACEHOLDER);
  await page.keyboard.type('Sub-meters by end use in a plant room');
  const described = await body.inputValue();
  expect(described).toMatch(/!\[Sub-meters by end use in a plant room\]\(\/files\/uploads\//);
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(body).not.toHaveAttribute('aria-invalid', 'true');
  // Saved, the button that was pressed still has the focus (it was not dropped to the page's start while it worked).
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Save' })).toBeFocused();
  const sourcesRule = 'sources: a "## Sources" heading followed by a list of named sources is required';
  await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }));
  await page.keyboard.press('Enter');
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  await expect(body).toHaveAccessibleDescription(/sources: a "## Sources" heading followed by a list of named sources is required/);
  await expect(form.getByText(sourcesRule, { exact: true })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Sources' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  await expect(page.getByText('Status:')).toContainText('Draft');
  await expectAccessible(page, 'the course editor with the lesson refused');

  // Fixed by keyboard: back up to the body, the sources added at its end; saved, then published.
  await shiftTabTo(page, body);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(`\n${SOURCES}`);
  await expect(body).toHaveValue(`${described}\n${SOURCES}`);
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(body).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
  await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status:')).toContainText('Published');
  await expect(page.getByRole('button', { name: 'Publish again' })).toBeVisible();
  const live = page.getByRole('link', { name: 'View the live page' });
  await expect(live).toHaveAttribute('href', /^\/courses\/view\/[0-9a-f-]{36}$/);
  const liveUrl = (await live.getAttribute('href'))!;
  await expectAccessible(page, 'the course editor, published');

  // A member finds the course in the courses list by its words, opens it, and sees the lesson in its curriculum.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  recordPageErrors(member, consoleErrors);
  await signIn(member, await createUser(member.request, { firstName: 'Cai', lastName: 'Member' }));
  await member.goto('/courses');
  await expect(member.getByRole('heading', { level: 1, name: 'Online Courses' })).toBeVisible();
  await tabTo(member, member.getByRole('searchbox', { name: 'Search courses' }));
  await member.keyboard.type(`meters ${run}`);
  await expect(member.getByText('1 course', { exact: true })).toBeVisible();
  const card = member.getByTestId('course-card').filter({ hasText: title });
  await expect(card).toContainText('Energy');
  await expect(card).toContainText('Intermediate');
  await expectAccessible(member, 'the courses list, searched for the new course');
  await tabTo(member, card.getByRole('link', { name: title }));
  await member.keyboard.press('Enter');
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectAccessible(member, 'the new course’s summary');
  // The summary's own link (the category's cards below have one each, this course's first).
  await tabTo(member, member.getByRole('region', { name: title }).getByRole('link', { name: 'Explore Course' }));
  await member.keyboard.press('Enter');
  await expect(member).toHaveURL(liveUrl);
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const curriculum = member.getByRole('region', { name: 'Curriculum' });
  await expect(curriculum.getByRole('heading', { level: 3, name: 'Module 1 Predicting energy in use' })).toBeVisible();
  await expect(curriculum.getByRole('link', { name: LESSON_TITLE })).toBeVisible();
  await expect(member.getByRole('region', { name: 'What you will learn' })).toContainText('Prepare a design-stage energy prediction');
  await expectAccessible(member, 'the new course’s page');
  await memberContext.close();
});
