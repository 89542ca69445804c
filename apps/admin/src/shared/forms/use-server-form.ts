import { useState } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError } from '@khela/contract';
import { codeFieldOf, type FormCallOptions } from '@khela/contract/form-kit';
import {
  errorText,
  fieldIssueText,
  installZodTexts,
  shownZodMessage,
  type ShownIssue,
} from './api-errors.ts';

installZodTexts();

/**
 * The back office's form kit (same shape as apps/web/src/shared/forms/use-server-form.ts): the
 * contract's zod schema on the client, one call on submit, the server's field `issues` under their
 * fields and any other failure as the form's alert (a sentence, naming the missing permission of a
 * refusal). `fieldError(name)` is the sentence under a field.
 */
export interface ServerFormOptions<Values extends FieldValues> extends FormCallOptions<Values, Path<Values>> {
  /** The client rules: usually the call's body schema from `@khela/contract` (or built from it). */
  schema: z.ZodType<Values, FieldValues>;
  defaultValues: DefaultValues<Values>;
  mode?: UseFormProps<Values>['mode'];
  /** A failure the form reads itself first: answer true when handled. */
  onError?: (error: unknown, form: UseFormReturn<Values>) => boolean;
}

/** The server's issues put under the fields on screen; false when none of them is one of `fields`. */
export function applyIssues<Values extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<Values>, 'setError'>,
  fields: readonly Path<Values>[],
): boolean {
  if (!(error instanceof ApiError) || error.issues.length === 0) return false;
  let applied = false;
  for (const issue of error.issues as ShownIssue[]) {
    // The issue's path is dotted (`body.account` or `account`): the field is its last known part.
    const parts = issue.field.split('.');
    const field = fields.find((name) => name === issue.field || name === parts[parts.length - 1]);
    if (!field) continue;
    form.setError(field, { type: 'server', message: fieldIssueText(issue) }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

export function useServerForm<Values extends FieldValues>({
  schema,
  defaultValues,
  mode,
  fields,
  action,
  codeFields,
  onError,
}: ServerFormOptions<Values>) {
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema as z.ZodType<Values, Values>),
    defaultValues,
    ...(mode ? { mode } : {}),
  });
  const { errors } = form.formState;
  const fieldError = (name: Path<Values>): string | undefined => {
    const error = get(errors, name) as FieldError | undefined;
    if (!error?.message) return undefined;
    // The server's issues are set as sentences already; the client's checks carry rule words or keys.
    return error.type === 'server' ? error.message : shownZodMessage(error.message);
  };
  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      await action(values);
    } catch (error) {
      if (onError?.(error, form)) return;
      const codeField = codeFieldOf(error, codeFields);
      if (codeField && error instanceof ApiError) {
        form.setError(codeField, { type: 'server', message: errorText(error) }, { shouldFocus: true });
        return;
      }
      if (!applyIssues(error, form, fields)) setAlert(errorText(error));
    }
  });
  return { form, alert, setAlert, submit, fieldError, isSubmitting: form.formState.isSubmitting };
}
