import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { darken, lighten, styled } from '@mui/material/styles';
import type { FieldError, FieldErrors, FieldValues, Resolver, UseFormRegisterReturn } from 'react-hook-form';
import { translateServerMessage } from '@/lib/i18n/server-messages';

/**
 * Props for an MUI TextField from react-hook-form's `register`: the ref goes to the `<input>` (not the
 * wrapper), and a validation error shows as helper text, which MUI links to the input for screen readers.
 */
export function textFieldProps<Name extends string>(
  { ref, ...field }: UseFormRegisterReturn<Name>,
  error: FieldError | undefined,
  helperText?: string,
) {
  return {
    ...field,
    inputRef: ref,
    error: error !== undefined,
    helperText: translateServerMessage(error?.message) ?? helperText,
  };
}

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
}

/** Room for the label on the input's top border, as MUI's outlined field leaves it (a notch). */
const Field = styled('div')({ position: 'relative', width: '100%' });

const Label = styled('label')(({ theme }) => ({
  position: 'absolute',
  top: 0,
  left: 10,
  transform: 'translateY(-50%)',
  padding: '0 4px',
  background: theme.palette.background.paper,
  color: theme.palette.text.secondary,
  fontSize: '0.75rem',
  lineHeight: 1.4,
  letterSpacing: '0.00938em',
  pointerEvents: 'none',
  '[data-error] > &': { color: theme.palette.error.main },
  ':focus-within > &': { color: theme.palette.primary.main },
}));

const Input = styled('input')(({ theme }) => ({
  boxSizing: 'border-box',
  display: 'block',
  width: '100%',
  margin: 0,
  padding: '16.5px 14px',
  font: 'inherit',
  fontSize: '1rem',
  lineHeight: '1.4375em',
  color: theme.palette.text.primary,
  background: 'transparent',
  border: '1px solid rgba(0, 0, 0, 0.23)',
  borderRadius: theme.shape.borderRadius,
  outline: 'none',
  ':hover': { borderColor: theme.palette.text.primary },
  ':focus': {
    borderColor: theme.palette.primary.main,
    boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}`,
  },
  '[data-error] > &, [data-error] > &:hover': { borderColor: theme.palette.error.main },
  '[data-error] > &:focus': { boxShadow: `inset 0 0 0 1px ${theme.palette.error.main}` },
}));

const HelperText = styled('p')(({ theme }) => ({
  margin: '3px 14px 0',
  fontSize: '0.75rem',
  lineHeight: 1.66,
  letterSpacing: '0.03333em',
  color: theme.palette.text.secondary,
  '[data-error] > &': { color: theme.palette.error.main },
}));

/**
 * A full-width outlined text field for the sign-in screen, drawn with a native `<input>` in the look of
 * MUI's outlined TextField with its label raised: MUI's TextField (and its input parts) weigh ≈ 10 KB gzip
 * a guest's first screen should not download (issue 9 part 6, docs/adr/0006). The label names the input,
 * the helper text describes it, an error marks it `aria-invalid`.
 */
export function TextInput({ label, error = false, helperText, id: givenId, ...input }: TextInputProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <Field data-error={error || undefined}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error || undefined} aria-describedby={helperTextId} {...input} />
      {helperText && <HelperText id={helperTextId}>{helperText}</HelperText>}
    </Field>
  );
}

const Note = styled('div')(({ theme }) => ({
  display: 'flex',
  gap: 12,
  alignItems: 'flex-start',
  padding: '14px 16px',
  borderRadius: theme.shape.borderRadius,
  // MUI's standard Alert derives its colours from the palette this way.
  background: lighten(theme.palette.error.light, 0.9),
  color: darken(theme.palette.error.light, 0.6),
  ...theme.typography.body2,
  '& > svg': { flex: 'none', color: theme.palette.error.main },
}));

/**
 * A form-level error in the look of MUI's standard error Alert (`role="alert"`, announced when it
 * appears), for the sign-in screen, whose first download leaves out MUI's Alert (issue 9 part 6).
 */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <Note role="alert">
      <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24">
        <path
          fill="currentColor"
          d="M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8"
        />
      </svg>
      <div style={{ paddingTop: 1 }}>{children}</div>
    </Note>
  );
}

/**
 * A react-hook-form resolver whose code downloads at the first validation (the first submit): a form
 * validated with the contracts' zod schemas then shows without zod in its screen's initial JS (issue 9
 * part 6). The schema, and so every message, stays the server's. A failed download (offline) is a
 * form-level error, `errors.root` = {@link FORM_CHECKS_UNAVAILABLE}, and is retried on the next submit.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): Resolver<Input, Context, Output> {
  let loading: Promise<Resolver<Input, Context, Output>> | null = null;
  return async (values, context, options) => {
    loading ??= load().catch((failure: unknown) => {
      loading = null;
      throw failure;
    });
    let resolve: Resolver<Input, Context, Output>;
    try {
      resolve = await loading;
    } catch {
      // `root` is react-hook-form's form-level error; FieldErrors' mapped type cannot name it generically.
      const errors = {
        root: { type: 'unavailable', message: FORM_CHECKS_UNAVAILABLE },
      } as FieldErrors<Input>;
      return { values: {}, errors };
    }
    return resolve(values, context, options);
  };
}

/** Shown when a form's checks could not be downloaded (see {@link lazyResolver}). */
export const FORM_CHECKS_UNAVAILABLE =
  'This form could not be checked: the connection seems to be down. Please try again.';
