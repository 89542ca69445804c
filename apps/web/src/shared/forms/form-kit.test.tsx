import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { ApiError } from '@khela/contract';
import { changeLanguage, i18n } from '../i18n/i18n.ts';
import { FormAlert } from './form-alert.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';
import { useServerForm, type ServerFormOptions } from './use-server-form.ts';

describe('TextField', () => {
  it('labels its input and shows the error under it, linked and marked invalid', () => {
    render(<TextField label="Email" hint="We never share it" error="Not an email" isRequired />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Not an email');
    expect(described).toContain(error.id);
    expect(described).toContain(screen.getByText('We never share it').id);
  });

  it('is not invalid and describes only its hint without an error', () => {
    render(<TextField label="Email" hint="We never share it" placeholder="Email" isRequired />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('We never share it').id);
    expect(screen.queryByRole('alert')).toBeNull();
    // Required fields get '＊' before their placeholder (spec 5).
    expect(input.getAttribute('placeholder')).toBe('＊Email');
  });
});

describe('FormAlert', () => {
  it('announces a failure as an alert, in the page language', async () => {
    await changeLanguage('EN', { remember: false });
    render(<FormAlert textKey="err_network" />);
    expect(screen.getByRole('alert').textContent).toBe(i18n.t('err_network'));
  });

  it('says a notice politely, and renders nothing without a text', () => {
    const { container, rerender } = render(<FormAlert tone="notice" textKey={null} />);
    expect(container.innerHTML).toBe('');
    rerender(<FormAlert tone="notice">Saved</FormAlert>);
    expect(screen.getByRole('status').textContent).toBe('Saved');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('SubmitButton', () => {
  it('is disabled, busy and says the busy label while sending', () => {
    const { rerender } = render(
      <SubmitButton isBusy={false} busyLabel="Sending…">
        Send
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Send' });
    expect(button.getAttribute('type')).toBe('submit');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    rerender(
      <SubmitButton isBusy busyLabel="Sending…">
        Send
      </SubmitButton>,
    );
    expect(button.textContent).toBe('Sending…');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});

const schema = z.object({
  email: z.string().min(1, 'text_field_required'),
  password: z.string(),
});
type Values = z.infer<typeof schema>;

function ContactForm(props: Pick<ServerFormOptions<Values>, 'action' | 'codeFields' | 'onError'>) {
  const { form, alert, submit, fieldError } = useServerForm<Values>({
    schema,
    defaultValues: { email: '', password: '' },
    fields: ['email', 'password'],
    ...props,
  });
  return (
    <form aria-label="Contact" noValidate onSubmit={(event) => void submit(event)}>
      <TextField label="Email" error={fieldError('email')} {...form.register('email')} />
      <TextField label="Password" error={fieldError('password')} {...form.register('password')} />
      <FormAlert textKey={alert} />
      <SubmitButton isBusy={form.formState.isSubmitting} busyLabel="Saving">
        Save
      </SubmitButton>
    </form>
  );
}

function fill(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

function errorUnder(label: string): string | null {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('useServerForm', () => {
  it('shows the client rule under its field, translated, and calls nothing', async () => {
    await changeLanguage('EN', { remember: false });
    const action = vi.fn(() => Promise.resolve());
    render(<ContactForm action={action} />);
    fill('');
    await waitFor(() => expect(errorUnder('Email')).toBe(i18n.t('text_field_required')));
    expect(action).not.toHaveBeenCalled();
  });

  it("puts the server's field issues under their fields, with the rule's limit", async () => {
    await changeLanguage('EN', { remember: false });
    const action = vi.fn(() =>
      Promise.reject(
        new ApiError({
          code: 'VALIDATION_FAILED',
          message: 'err_validation_failed',
          status: 400,
          issues: [{ field: 'password', reason: 'too short', rule: 'too_short', limit: 8 }],
        }),
      ),
    );
    render(<ContactForm action={action} />);
    fill('rahim@example.com');
    await waitFor(() => expect(errorUnder('Password')).toBe(i18n.t('rule_too_short', { limit: 8 })));
    expect(action).toHaveBeenCalledWith({ email: 'rahim@example.com', password: '' });
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    // One field took it: no alert besides the field's own.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows a failure with no field on screen, or an unknown code, as the form alert', async () => {
    await changeLanguage('EN', { remember: false });
    const action = vi.fn(() =>
      Promise.reject(
        new ApiError({ code: 'INTERNAL', message: 'err_from_a_newer_server', status: 500, issues: [] }),
      ),
    );
    render(<ContactForm action={action} />);
    fill('rahim@example.com');
    // A text key this catalogue does not know reads as the generic sentence, never the raw key.
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('err_unknown'));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it("puts a code under its field (codeFields), with the failure's own text", async () => {
    await changeLanguage('EN', { remember: false });
    const wrong = new ApiError({ code: 'WRONG_PASSWORD', message: 'err_wrong_password', status: 400 });
    render(<ContactForm action={() => Promise.reject(wrong)} codeFields={{ WRONG_PASSWORD: 'password' }} />);
    fill('rahim@example.com');
    await waitFor(() => expect(errorUnder('Password')).toBe(i18n.t('err_wrong_password')));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says how many tries a wrong password has left when the server counts them (issue 38)', async () => {
    await changeLanguage('EN', { remember: false });
    const wrong = (attemptsLeft: number) =>
      new ApiError({
        code: 'WRONG_PASSWORD',
        message: 'err_wrong_password',
        status: 400,
        value: { attemptsLeft },
      });
    const { unmount } = render(
      <ContactForm action={() => Promise.reject(wrong(3))} codeFields={{ WRONG_PASSWORD: 'password' }} />,
    );
    fill('rahim@example.com');
    await waitFor(() =>
      expect(errorUnder('Password')).toBe(
        'The password is wrong. 3 tries left, then it locks for 30 minutes.',
      ),
    );
    unmount();
    await changeLanguage('BN', { remember: false });
    render(<ContactForm action={() => Promise.reject(wrong(1))} />);
    fill('rahim@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(
      i18n.t('err_wrong_password_tries', { count: 1 }),
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/পাসওয়ার্ড ভুল। আর (1|১) বার/);
    await changeLanguage('EN', { remember: false });
  });

  it('lets the form read a failure first (onError): handled, it reaches neither field nor alert', async () => {
    const wrong = new ApiError({ code: 'WRONG_PASSWORD', message: 'err_wrong_password', status: 400 });
    const onError = vi.fn(() => true);
    render(
      <ContactForm
        action={() => Promise.reject(wrong)}
        codeFields={{ WRONG_PASSWORD: 'password' }}
        onError={onError}
      />,
    );
    fill('rahim@example.com');
    await waitFor(() => expect(onError).toHaveBeenCalledWith(wrong, expect.anything(), expect.anything()));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
