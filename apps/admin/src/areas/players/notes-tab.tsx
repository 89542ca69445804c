import { z } from 'zod';
import { playerNoteTextSchema } from '@khela/contract';
import { operatorPlayer, operatorPlayerAddNote, operatorPlayerNotes } from '@khela/contract/call-routes';
import { useCan } from '../../app/operator.ts';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { FormAlert, SubmitButton, TextAreaField } from '../../shared/forms/fields.tsx';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { Section } from '../../shared/ui/page.tsx';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';
import { formatTime } from './format.ts';

const noteForm = z.object({ text: playerNoteTextSchema });

/** Operators' notes on the member (newest first) and, with players.notes, a form to add one. */
export function NotesTab({ id }: { id: number }) {
  const can = useCan();
  const notes = useCall(operatorPlayerNotes, { id });
  const add = useMutationCall(operatorPlayerAddNote, { invalidates: [operatorPlayerNotes, operatorPlayer] });
  const { form, alert, submit, fieldError, isSubmitting } = useServerForm({
    schema: noteForm,
    defaultValues: { text: '' },
    fields: ['text'],
    action: async ({ text }) => {
      await add.mutateAsync({ body: { id, text } });
      form.reset();
    },
  });
  return (
    <Section title={t('players_tab_notes')}>
      {can('players.notes') ? (
        <form className="form players-note-form" noValidate onSubmit={(event) => void submit(event)}>
          <TextAreaField
            label={t('players_note_label')}
            isRequired
            maxLength={2000}
            error={fieldError('text')}
            {...form.register('text')}
          />
          <FormAlert>{alert}</FormAlert>
          <div className="form__actions">
            <SubmitButton isBusy={isSubmitting} busyLabel={t('shell_working')}>
              {t('players_note_add')}
            </SubmitButton>
          </div>
        </form>
      ) : null}
      {notes.isLoading ? <Loading rows={2} /> : null}
      {notes.error ? <ErrorState error={notes.error} onRetry={() => void notes.refetch()} /> : null}
      {notes.data && notes.data.length === 0 ? <Empty>{t('players_notes_none')}</Empty> : null}
      {notes.data && notes.data.length > 0 ? (
        <ul className="players-notes">
          {notes.data.map((note) => (
            <li key={note.id} className="players-notes__item">
              <p className="players-notes__meta muted">
                {note.operator} · {formatTime(note.at)}
              </p>
              <p className="players-notes__text">{note.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
