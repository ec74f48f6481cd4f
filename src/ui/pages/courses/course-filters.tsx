/** The three single-choice filters of the courses list (access, level, category) and its search box, on react-aria. */
import { Input, Label, Radio, RadioGroup, SearchField } from 'react-aria-components';
import { ACCESS_TYPES, CONTENT_CATEGORIES, COURSE_LEVELS } from '../../../domain/content';
import { levelLabel } from './course-text';

export const ANY = 'any';

export interface CourseFilterValues {
  access: string;
  level: string;
  category: string;
}

interface Choice {
  value: string;
  label: string;
}

const FILTERS: { key: keyof CourseFilterValues; label: string; choices: Choice[] }[] = [
  { key: 'access', label: 'Access', choices: ACCESS_TYPES.map((value) => ({ value, label: levelLabel(value) })) },
  { key: 'level', label: 'Level', choices: COURSE_LEVELS.map((value) => ({ value, label: levelLabel(value) })) },
  { key: 'category', label: 'Category', choices: CONTENT_CATEGORIES.map(({ id, label }) => ({ value: id, label })) },
];

/**
 * The filters live in the address (`/courses?access=free&category=energy`), so Back, a reload and a shared link show
 * the same list (issue 41 item 4). A missing or unknown value is 'All'.
 */
export function courseFiltersOf(search: string): CourseFilterValues {
  const params = new URLSearchParams(search);
  const values = { access: ANY, level: ANY, category: ANY };
  for (const filter of FILTERS) {
    const value = params.get(filter.key);
    if (value && filter.choices.some((choice) => choice.value === value)) values[filter.key] = value;
  }
  return values;
}

/** The address of the list with these filters; 'All' is left out. */
export function coursesHref(base: string, values: CourseFilterValues): string {
  const params = new URLSearchParams();
  for (const filter of FILTERS) if (values[filter.key] !== ANY) params.set(filter.key, values[filter.key]);
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

export function CourseSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <SearchField className="field course-search" value={value} onChange={onChange}>
      <Label className="field__label">Search courses</Label>
      <Input className="field__input" placeholder="Title or topic, e.g. retrofit" />
    </SearchField>
  );
}

export function CourseFilters({ values, onChange }: { values: CourseFilterValues; onChange: (values: CourseFilterValues) => void }) {
  return (
    <div className="course-filters">
      {FILTERS.map((filter) => (
        <RadioGroup
          key={filter.key}
          className="course-filter"
          orientation="horizontal"
          value={values[filter.key]}
          onChange={(value) => onChange({ ...values, [filter.key]: value })}
        >
          <Label className="course-filter__label">{filter.label}</Label>
          <div className="course-filter__choices">
            <Radio className="chip" value={ANY}>
              All
            </Radio>
            {filter.choices.map((choice) => (
              <Radio key={choice.value} className="chip" value={choice.value}>
                {choice.label}
              </Radio>
            ))}
          </div>
        </RadioGroup>
      ))}
    </div>
  );
}
