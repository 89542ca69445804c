import { useCall } from '../../shared/api/hooks.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import type { AdminCall } from '../../shared/api/client.ts';

type ImageCall = AdminCall & { value: unknown };

/** An image the API sends as base64 (a member's receipt or proof, a payout proof), in a dialog. */
export function ImageDialog<C extends ImageCall>({
  call,
  query,
  open,
  onOpenChange,
  title,
}: {
  call: C;
  query: Record<string, unknown>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
}) {
  const image = useCall(call, query as never, { enabled: open });
  const value = image.data as { contentType?: string; data?: string } | undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title ?? t('money_proof_title')} size="wide">
      {image.isLoading ? <Loading rows={2} /> : null}
      {image.error ? <ErrorState error={image.error} onRetry={() => void image.refetch()} /> : null}
      {value?.data && (value.contentType === 'image/png' || value.contentType === 'image/jpeg') ? (
        <img
          className="money-proof"
          alt={title ?? t('money_proof_title')}
          src={`data:${value.contentType};base64,${value.data}`}
          style={{ maxWidth: '100%', height: 'auto' }}
        />
      ) : null}
    </Dialog>
  );
}
