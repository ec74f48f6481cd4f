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
