/** Form controls on react-aria-components: label, input, help and error text wired for screen readers. */
import { type Ref, useId } from 'react';
import { FieldError, Input, Label, Text, TextArea, type TextAreaProps, TextField, type TextFieldProps } from 'react-aria-components';
import { NAME_MAX_LENGTH } from '../../domain/user';

/**
 * react-aria's TextField learns that it holds a textarea only once the textarea is mounted, so until then (the markup the
 * server sends, and the first render that hydrates it) it hands the textarea an input's `type="text"`, an attribute a
 * textarea may not have (the Nu HTML checker refuses it, ADR 162). A `type` of null outranks the field's in react-aria's
 * mergeProps, and React writes no attribute for null.
 */
const NO_TYPE = { type: null } as unknown as TextAreaProps;

/** react-aria's TextArea, for inside a TextField, without the input's `type`. */
export function FieldTextArea(props: TextAreaProps & { ref?: Ref<HTMLTextAreaElement> }) {
  return <TextArea {...NO_TYPE} {...props} />;
}

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
  /** A problem with this field alone, said beside it (issue 35); the field is read with it and marked invalid. */
  error?: string | null | undefined;
}

export function Field({ label, description, multiline = false, placeholder, errorId, error, ...props }: FieldProps) {
  const ownErrorId = useId();
  const describedBy = errorId ?? (error ? ownErrorId : undefined);
  const invalid = describedBy ? true : undefined;
  return (
    <TextField className="field" {...props} aria-describedby={describedBy}>
      <Label className="field__label">{label}</Label>
      {multiline ? (
        <FieldTextArea className="field__input" rows={4} placeholder={placeholder} aria-invalid={invalid} />
      ) : (
        <Input className="field__input" placeholder={placeholder} aria-invalid={invalid} />
      )}
      {description && (
        <Text slot="description" className="field__help">
          {description}
        </Text>
      )}
      <FieldError className="field__error" />
      {error !== undefined && <InlineError id={ownErrorId} error={error} />}
    </TextField>
  );
}

/** The line beside a field that says what is wrong with it; kept in the page (empty) so a new message is announced. */
export function InlineError({ id, error }: { id: string; error: string | null | undefined }) {
  return (
    <p id={id} className="form__error field__inline-error" role="alert">
      {error ?? ''}
    </p>
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
        maxLength={NAME_MAX_LENGTH} errorId={describedBy} />
      <Field label="Last name" name="lastName" autoComplete="family-name" value={lastName} onChange={onLastName} isRequired maxLength={NAME_MAX_LENGTH}
        errorId={describedBy} />
      <p id={errorId} className="form__error" role="alert">
        {error ?? ''}
      </p>
    </>
  );
}
