import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

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
    helperText: error?.message ?? helperText,
  };
}
