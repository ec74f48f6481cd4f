/** Form controls on react-aria-components: label, input, help and error text wired for screen readers. */
import { FieldError, Input, Label, Text, TextArea, TextField, type TextFieldProps } from 'react-aria-components';

interface FieldProps extends Omit<TextFieldProps, 'children'> {
  label: string;
  description?: string;
  multiline?: boolean;
  placeholder?: string;
}

export function Field({ label, description, multiline = false, placeholder, ...props }: FieldProps) {
  return (
    <TextField className="field" {...props}>
      <Label className="field__label">{label}</Label>
      {multiline ? <TextArea className="field__input" rows={4} placeholder={placeholder} /> : <Input className="field__input" placeholder={placeholder} />}
      {description && (
        <Text slot="description" className="field__help">
          {description}
        </Text>
      )}
      <FieldError className="field__error" />
    </TextField>
  );
}
