import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { type z } from 'zod';
import { ApiError, operatorCalls } from '@khela/contract';
import { bodySchema } from '../api/schemas.ts';
import { FormAlert, SelectField, SubmitButton, TextField } from './fields.tsx';
import { fieldIssueText } from './api-errors.ts';
import { useServerForm } from './use-server-form.ts';

const schema = bodySchema(operatorCalls.operatorCreate).pick({ account: true, role: true });
type Values = z.infer<typeof schema>;

function CreateForm({ action }: { action: (values: Values) => Promise<void> }) {
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm<Values>({
    schema,
    defaultValues: { account: '', role: 'readonly' },
    fields: ['account', 'role'],
    action,
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <TextField label="Account" error={fieldError('account')} {...form.register('account')} />
      <SelectField
        label="Role"
        options={[
          { value: 'readonly', label: 'Read-only' },
          { value: 'finance', label: 'Finance' },
        ]}
        {...form.register('role')}
      />
      <FormAlert>{alert}</FormAlert>
      <SubmitButton isBusy={isSubmitting} busyLabel="…">
        Save
      </SubmitButton>
    </form>
  );
}

describe('the form kit', () => {
  it("checks the contract's rules on the client, in our sentences", async () => {
    let called = false;
    render(
      <CreateForm
        action={async () => {
          called = true;
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use at least 3 characters.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'bad name!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not accepted: letters, digits, _ . -.')).toBeTruthy();
    expect(called).toBe(false);
  });

  it("puts the server's field issues under their fields and other failures in the alert", async () => {
    let failure: unknown = new ApiError({
      code: 'VALIDATION_FAILED',
      message: 'err_validation_failed',
      status: 400,
      issues: [{ field: 'account', reason: 'too long', rule: 'too_long', limit: 32 } as never],
    });
    render(
      <CreateForm
        action={async () => {
          throw failure;
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'fin1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use at most 32 characters.')).toBeTruthy();

    failure = new ApiError({
      code: 'FORBIDDEN',
      message: 'err_forbidden',
      status: 403,
      value: { permission: 'operators.manage' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/permission “operators\.manage”/)).toBeTruthy();
  });

  it('reads issue rules as sentences, never the validator text', () => {
    expect(fieldIssueText({ field: 'x', reason: 'Required' })).toBe('This field is required.');
    expect(fieldIssueText({ field: 'x', reason: 'whatever', rule: 'too_short', limit: 8 })).toBe(
      'Use at least 8 characters.',
    );
    expect(fieldIssueText({ field: 'x', reason: 'must match the new password' })).toBe(
      'The passwords do not match.',
    );
  });
});
