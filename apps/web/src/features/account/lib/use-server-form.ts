import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { errorTextKey } from './api-errors.ts';
import { applyIssueKeys } from './form-rules.ts';

/**
 * The shape every account form shares: zod rules on the client, one call on submit, the server's
 * field issues under their fields and any other failure as the form's alert (a text key).
 */
export function useServerForm<Values extends FieldValues>({
  schema,
  defaultValues,
  fields,
  action,
}: {
  schema: z.ZodType<Values, Values>;
  defaultValues: DefaultValues<Values>;
  /** The fields on screen: server issues for others become the alert. */
  fields: readonly Path<Values>[];
  action: (values: Values) => Promise<void>;
}) {
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues });
  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      await action(values);
    } catch (error) {
      if (!applyIssueKeys(error, form.setError, fields)) setAlert(errorTextKey(error));
    }
  });
  return { form, alert, setAlert, submit };
}
