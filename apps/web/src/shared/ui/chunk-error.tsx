import { useTranslation } from '../i18n/use-translation.ts';
import CircleAlert from 'lucide-react/icons/circle-alert';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { isChunkLoadError } from '../lib/chunk-load.ts';
import { EmptyState } from './empty-state.tsx';

interface ChunkErrorProps {
  error: unknown;
  onRetry?: () => void;
}

/**
 * 'Loading chunk failed' (spec 8) with its type, or the unknown-error text for anything else, and a
 * retry. Retrying reloads the page by default: after a deploy the old chunk names are gone for good.
 */
export function ChunkError({ error, onRetry = () => window.location.reload() }: ChunkErrorProps) {
  const { t } = useTranslation();
  const isChunk = isChunkLoadError(error);
  const text = isChunk
    ? t(error.type === 'timeout' ? 'chunk_failed_timeout' : 'chunk_failed_missing')
    : t('err_unknown');
  return (
    <div className="chunk-error" role="alert">
      <EmptyState
        icon={CircleAlert}
        title={isChunk ? t('chunk_failed') : t('error_title')}
        text={text}
        action={
          <button type="button" className="button button--primary" onClick={onRetry}>
            <RotateCw size={18} aria-hidden="true" />
            {t('action_retry')}
          </button>
        }
      />
    </div>
  );
}
