import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { FieldError, FieldErrors, FieldValues, Resolver, UseFormRegisterReturn } from 'react-hook-form';

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

export interface TextInputProps extends Omit<OutlinedInputProps, 'label' | 'error' | 'fullWidth'> {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
}

/**
 * A full-width outlined text field, as MUI's TextField draws it (the same label, input and helper
 * text, linked the same way), for the sign-in screens: TextField also imports Select, and with it
 * Menu, Popover, Modal and List, which a guest's first screen should not download (issue 9 part 6).
 * Takes {@link textFieldProps}.
 */
export function TextInput({ label, error = false, helperText, id: givenId, ...input }: TextInputProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth error={error} variant="outlined">
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperTextId} {...input} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
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
