/** Six single-character boxes: typing moves on, backspace on an empty box moves back, paste fills up to six. */
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { Input, Label, TextField } from 'react-aria-components';
import { normaliseOtp, OTP_LENGTH } from '../../domain/otp';

export function OtpInput({ value, onChange, label = 'Verification code', autoFocus = false, describedBy, invalid = false }: {
  value: string;
  onChange: (code: string) => void;
  label?: string;
  /** The first box takes the focus when the boxes appear (the code step after 'Send OTP'). */
  autoFocus?: boolean;
  /** Ids of what the first box is read with (where the code was sent, an error about it). */
  describedBy?: string;
  invalid?: boolean;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length: OTP_LENGTH }, (_, i) => value[i] ?? '');
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();

  const setAt = (index: number, digit: string) => {
    const next = digits.slice();
    next[index] = digit;
    onChange(next.join('').slice(0, OTP_LENGTH));
  };

  const onType = (index: number, text: string) => {
    const clean = normaliseOtp(text);
    if (clean.length > 1) {
      // Autofill (autocomplete="one-time-code") or a fast paste into one box: spread from this box on.
      const merged = (digits.slice(0, index).join('') + clean).slice(0, OTP_LENGTH);
      onChange(merged);
      focus(merged.length);
      return;
    }
    setAt(index, clean);
    if (clean) focus(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index]) {
      event.preventDefault();
      if (index > 0) {
        setAt(index - 1, '');
        focus(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const code = normaliseOtp(event.clipboardData.getData('text'));
    if (!code) return;
    onChange(code);
    focus(code.length);
  };

  return (
    <fieldset className="otp">
      <legend className="field__label">{label}</legend>
      <div className="otp__boxes">
        {digits.map((digit, index) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are positions, not items
            key={index}
            value={digit}
            onChange={(text) => onType(index, text)}
            className="otp__box"
          >
            <Label className="visually-hidden">{index === 0 ? `${label}, digit 1 of ${OTP_LENGTH}` : `Digit ${index + 1} of ${OTP_LENGTH}`}</Label>
            <Input
              ref={(el) => {
                boxes.current[index] = el;
              }}
              className="field__input otp__input"
              inputMode="numeric"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              autoFocus={autoFocus && index === 0}
              aria-describedby={index === 0 && describedBy ? describedBy : undefined}
              aria-invalid={invalid || undefined}
              maxLength={index === 0 ? OTP_LENGTH : 1}
              onKeyDown={(event) => onKeyDown(index, event)}
              onPaste={onPaste}
              onFocus={(event) => event.currentTarget.select()}
            />
          </TextField>
        ))}
      </div>
    </fieldset>
  );
}
