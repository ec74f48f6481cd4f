/**
 * Choosing the SDG topic two ways: a sidebar of the 17 goals whose subcategories expand (react-aria DisclosureGroup:
 * closed goals keep their subcategories in the page, `hidden="until-found"`, and hydrating reads no layout, ADR 108), and the
 * category and subcategory selects (react-aria). Both ask for the same thing, a new topic, which the page puts in its
 * URL (`/discussion?category=…&subcategory=…`); the feed and the composer follow the URL.
 */
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import type { SdgConstants } from '../../../domain/discussion';

export interface TopicChoice {
  category: string;
  subcategory: string;
}

interface TopicProps extends TopicChoice {
  constants: SdgConstants;
  onChoose: (topic: TopicChoice) => void;
}

const ALL = 'all';

/** The goals in SDG order (sdg_1 … sdg_17). */
export function goalsOf(constants: SdgConstants) {
  return Object.entries(constants.categories)
    .sort(([a], [b]) => Number(a.replace('sdg_', '')) - Number(b.replace('sdg_', '')))
    .map(([, value]) => ({ value, label: constants.categoryLabels[value] ?? value, subcategories: constants.subcategories[value] ?? [] }));
}

export function topicLabel(constants: SdgConstants | undefined, category: string, subcategory: string): string {
  if (!constants || !category) return '';
  const goal = constants.categoryLabels[category] ?? category;
  const sub = constants.subcategories[category]?.find((s) => s.value === subcategory)?.label;
  return sub ? `${goal} › ${sub}` : goal;
}

export function SdgSidebar({ constants, category, subcategory, onChoose }: TopicProps) {
  const goals = goalsOf(constants);
  return (
    <nav className="sdg-sidebar" aria-labelledby="sdg-sidebar-heading">
      <h2 id="sdg-sidebar-heading" className="sdg-sidebar__heading">
        SDG categories
      </h2>
      <button type="button" className="sdg-sidebar__all" aria-pressed={!category} onClick={() => onChoose({ category: '', subcategory: '' })}>
        All discussions
      </button>
      <DisclosureGroup className="sdg-sidebar__goals" defaultExpandedKeys={category ? [category] : []}>
        {goals.map((goal) => (
          <Disclosure key={goal.value} id={goal.value} className="sdg-sidebar__goal">
            <Heading level={3} className="sdg-sidebar__goal-heading">
              <Button slot="trigger" className="sdg-sidebar__trigger">
                <span>{goal.label}</span>
                <span className="sdg-sidebar__chevron" aria-hidden="true" />
              </Button>
            </Heading>
            <DisclosurePanel className="sdg-sidebar__panel">
              <ul className="sdg-sidebar__subs">
                <li>
                  <button type="button" className="sdg-sidebar__sub" aria-pressed={category === goal.value && !subcategory}
                    onClick={() => onChoose({ category: goal.value, subcategory: '' })}>
                    All in {goal.label.replace(/^SDG \d+: /, '')}
                  </button>
                </li>
                {goal.subcategories.map((sub) => (
                  <li key={sub.value}>
                    <button
                      type="button"
                      className="sdg-sidebar__sub"
                      aria-pressed={category === goal.value && subcategory === sub.value}
                      onClick={() => onChoose({ category: goal.value, subcategory: sub.value })}
                    >
                      {sub.label}
                    </button>
                  </li>
                ))}
              </ul>
            </DisclosurePanel>
          </Disclosure>
        ))}
      </DisclosureGroup>
    </nav>
  );
}

/** One labelled react-aria select of the topic pickers; its options are `{ value, label }` pairs. */
function TopicSelect({ label, value, onChange, options, isDisabled, placeholder }: {
  label: string;
  value: string | null;
  onChange: (key: string | null) => void;
  options: readonly { value: string; label: string }[];
  isDisabled?: boolean;
  placeholder?: string;
}) {
  return (
    <Select className="field topic-select" value={value} onChange={(key) => onChange(key === null ? null : String(key))}
      isDisabled={isDisabled} placeholder={placeholder}>
      <Label className="field__label">{label}</Label>
      <Button className="field__input topic-select__button">
        <SelectValue />
        <span className="topic-select__chevron" aria-hidden="true" />
      </Button>
      <Popover className="topic-select__popover">
        <ListBox className="topic-select__list">
          {options.map((option) => (
            <ListBoxItem key={option.value} id={option.value} className="topic-select__option" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

export function TopicSelects({ constants, category, subcategory, onChoose }: TopicProps) {
  const categories = [{ value: ALL, label: 'All categories' }, ...goalsOf(constants)];
  const subcategories = category ? (constants.subcategories[category] ?? []) : [];
  return (
    <div className="topic-selects">
      <TopicSelect label="Category" value={category || ALL} options={categories}
        onChange={(key) => {
          const next = key === ALL || key === null ? '' : key;
          // A subcategory belongs to one category: a new category drops it.
          onChoose({ category: next, subcategory: next === category ? subcategory : '' });
        }} />
      <TopicSelect label="Subcategory" value={subcategory || null} options={subcategories}
        onChange={(key) => onChoose({ category, subcategory: key ?? '' })} isDisabled={!category}
        placeholder={category ? 'Select a subcategory' : 'Select a category first'} />
    </div>
  );
}
