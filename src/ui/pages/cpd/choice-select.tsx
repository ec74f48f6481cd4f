/** A labelled choice among a few options (react-aria Select), its problem said beside it. */
import { useId } from 'react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { InlineError } from '../../components/fields';
import '../profile/profile.css';

export interface Choice {
  id: string;
  label: string;
}

export function ChoiceSelect({ label, value, choices, onChange, error, placeholder = 'Choose...', isDisabled, className }: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  error?: string | undefined;
  placeholder?: string;
  isDisabled?: boolean;
  className?: string;
}) {
  const errorId = useId();
  return (
    <Select className={`field profile-select ${className ?? ''}`} selectedKey={value || null} placeholder={placeholder} isDisabled={isDisabled}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))} aria-describedby={error ? errorId : undefined}>
      <Label className="field__label">{label}</Label>
      <Button className="field__input profile-select__button" aria-invalid={error ? true : undefined}>
        <SelectValue />
        <span className="profile-select__chevron" aria-hidden="true" />
      </Button>
      <Popover className="profile-select__popover">
        <ListBox className="profile-select__list">
          {choices.map((choice) => (
            <ListBoxItem key={choice.id} id={choice.id} className="profile-select__option" textValue={choice.label}>
              {choice.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
      {error !== undefined && <InlineError id={errorId} error={error} />}
    </Select>
  );
}
