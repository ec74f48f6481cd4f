/** Form controls on react-aria-components: label, input, help and error text wired for screen readers. */
import { FieldError, Input, Label, Text, TextArea, TextField, type TextFieldProps } from 'react-aria-components';

interface FieldProps extends Omit<TextFieldProps, 'children'> {
  label: string;
  description?: string;
  multiline?: boolean;
  placeholder?: string;
  /**
   * The id of a form's error line that is about this field: the field is read with it and marked invalid (without
   * react-aria's `isInvalid`, which would also block the next native submit).
   */
  errorId?: string | undefined;
}

export function Field({ label, description, multiline = false, placeholder, errorId, ...props }: FieldProps) {
  const invalid = errorId ? true : undefined;
  return (
    <TextField className="field" {...props} aria-describedby={errorId}>
      <Label className="field__label">{label}</Label>
      {multiline ? (
        <TextArea className="field__input" rows={4} placeholder={placeholder} aria-invalid={invalid} />
      ) : (
        <Input className="field__input" placeholder={placeholder} aria-invalid={invalid} />
      )}
      {description && (
        <Text slot="description" className="field__help">
          {description}
        </Text>
      )}
      <FieldError className="field__error" />
    </TextField>
  );
}

/**
 * A member's first and last name, required, with the form's error line about them (issue 35): one piece for Profile
 * Settings and the name dialog. The signup wizard's pair shares its error line with the password fields.
 */
export function NameFields({ firstName, lastName, onFirstName, onLastName, error, errorId, autoFocus = false }: {
  firstName: string;
  lastName: string;
  onFirstName: (value: string) => void;
  onLastName: (value: string) => void;
  error: string | null;
  errorId: string;
  autoFocus?: boolean;
}) {
  const describedBy = error ? errorId : undefined;
  return (
    <>
      <Field label="First name" name="firstName" autoComplete="given-name" value={firstName} onChange={onFirstName} isRequired autoFocus={autoFocus}
        errorId={describedBy} />
      <Field label="Last name" name="lastName" autoComplete="family-name" value={lastName} onChange={onLastName} isRequired errorId={describedBy} />
      <p id={errorId} className="form__error" role="alert">
        {error ?? ''}
      </p>
    </>
  );
}
