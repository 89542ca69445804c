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
import { useTranslation } from '../i18n/use-translation.ts';
import type { z } from 'zod';
import { ApiError } from '@khela/contract';
import { codeFieldOf, type FormCallOptions } from '@khela/contract/form-kit';
import { errorTextKey } from './api-errors.ts';
import { applyIssueKeys } from './form-rules.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text under a field: its error's message read as a text key (a sentence the form or the server
 * mapping already translated reads back unchanged), or undefined when the field is fine. One
 * spelling for every field instead of `errors.x?.message ? t(errors.x.message) : undefined`.
 */
export function useFieldError<Values extends FieldValues>(form: Pick<UseFormReturn<Values>, 'formState'>) {
  const { t } = useTranslation();
  // Read here, during render: react-hook-form re-renders the form when its errors change.
  const { errors } = form.formState;
  return (name: Path<Values>, options?: Record<string, unknown>): string | undefined => {
    const message = (get(errors, name) as FieldError | undefined)?.message;
    return message ? t(message, options) : undefined;
  };
}

/**
 * `fields`, `action` and `codeFields` (a failure under its code's field gets the failure's own text
 * key instead of the alert): the contract's form kit.
 */
export interface ServerFormOptions<Values extends FieldValues> extends FormCallOptions<Values, Path<Values>> {
  /** The client rules; messages are text keys or sentences. May change between renders. */
  schema: z.ZodType<Values, Values>;
  defaultValues: DefaultValues<Values>;
  /** When fields are checked (react-hook-form's `mode`): on submit unless said. */
  mode?: UseFormProps<Values>['mode'];
  /**
   * A failure this form reads itself before the common mapping (a code that belongs under one
   * field, a step to show): answer true when handled.
   */
  onError?: (error: unknown, form: UseFormReturn<Values>, t: Translate) => boolean;
}

/**
 * The shape every form shares: zod rules on the client, one call on submit, the server's field
 * issues under their fields (`codeFields`, then `applyIssueKeys`) and any other failure as the form's alert (a text key
 * for `FormAlert`). `fieldError(name)` is the text under a field.
 */
export function useServerForm<Values extends FieldValues>({
  schema,
  defaultValues,
  mode,
  fields,
  action,
  codeFields,
  onError,
}: ServerFormOptions<Values>) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues,
    ...(mode ? { mode } : {}),
  });
  const fieldError = useFieldError(form);
  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      await action(values);
    } catch (error) {
      if (onError?.(error, form, t)) return;
      const codeField = codeFieldOf(error, codeFields);
      if (codeField && error instanceof ApiError) {
        // The error's own text (a wrong password says the tries left: errorTextKey).
        form.setError(codeField, { type: 'server', message: errorTextKey(error) }, { shouldFocus: true });
        return;
      }
      if (!applyIssueKeys(error, form.setError, fields, t)) setAlert(errorTextKey(error));
    }
  });
  return { form, alert, setAlert, submit, fieldError };
}
