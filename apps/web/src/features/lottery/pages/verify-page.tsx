import { useEffect, useId, useState, type FormEvent } from 'react';
import type { BetProof, NumeroProof } from '@khela/contract';
import { verifyBeaconRound } from '@khela/contract/lottery-beacon';
import {
  merkleLeafHash,
  seedHashOf,
  verifyDraw,
  verifyMerklePath,
  type DrawResult,
} from '@khela/contract/lottery-draw';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useNavigate, useSearchParams } from '../../../shared/router/router.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useBetProof, useNumeroProof } from '../api/get-numero-proof.ts';
import { ResultTable } from '../components/draw-numbers.tsx';
import { ResultSource } from '../components/result-source.tsx';
import { lotteryVerifyPath } from '../lottery-paths.ts';
import '../../../shared/ui/card.css';
import '../lottery.css';

const gameCodePattern = /^[A-Z0-9_]{1,40}$/;
const numeroPattern = /^[0-9]{12}$/;

export interface Verdict {
  seedMatches: boolean;
  numbersMatch: boolean;
  derived: DrawResult;
  /** The beacon round's BLS signature under the chain's public key (null: no beacon round). */
  beaconValid: boolean | null;
}

/** An own bet checked against the draw: in the digest (Merkle path), and its stored commitment. */
export interface BetVerdict {
  betId: number;
  included: boolean;
  hashMatches: boolean;
}

/**
 * Checks an own bet's proof: its record's leaf leads up its path to the numero's published digest,
 * and the seed hash stored with the bet (the record's last field) is the revealed seed's.
 */
export async function betVerdictOf(proof: NumeroProof, bet: BetProof): Promise<BetVerdict> {
  const leaf = await merkleLeafHash(bet.record);
  const included =
    leaf === bet.leaf &&
    bet.betsDigest === proof.betsDigest &&
    (await verifyMerklePath(leaf, bet.path, proof.betsDigest ?? ''));
  const stored = bet.record.split('|').at(-1) ?? '';
  const hashMatches =
    proof.seed !== null && stored === proof.seedHash && (await seedHashOf(proof.seed)) === stored;
  return { betId: bet.betId, included, hashMatches };
}

/** Recomputes a drawn numero in the browser with the server's own code (lottery-draw.ts verifyDraw). */
export async function verdictOf(proof: NumeroProof): Promise<Verdict | null> {
  if (proof.seed === null || proof.result === null) return null;
  const beacon = proof.beacon;
  const beaconValid =
    beacon === null
      ? null
      : beacon.randomness !== null &&
        beacon.signature !== null &&
        beacon.publicKey !== null &&
        verifyBeaconRound(
          { publicKey: beacon.publicKey, genesisTime: 0, period: 1, chainHash: beacon.chainHash },
          { round: beacon.round, randomness: beacon.randomness, signature: beacon.signature },
        );
  const draw = await verifyDraw({
    gameCode: proof.gameCode,
    numero: proof.numero,
    region: proof.region,
    seed: proof.seed,
    betsDigest: proof.betsDigest ?? '',
    beaconValue: proof.beacon?.randomness ?? null,
    seedHash: proof.seedHash,
    result: proof.result,
  });
  return { ...draw, beaconValid };
}

function useVerdict(proof: NumeroProof | undefined) {
  const [state, setState] = useState<{ proof: NumeroProof; verdict: Verdict | null; failed: boolean } | null>(
    null,
  );
  useEffect(() => {
    if (!proof) return;
    let cancelled = false;
    verdictOf(proof).then(
      (verdict) => !cancelled && setState({ proof, verdict, failed: false }),
      () => !cancelled && setState({ proof, verdict: null, failed: true }),
    );
    return () => {
      cancelled = true;
    };
  }, [proof]);
  return state?.proof === proof ? state : null;
}

function useBetVerdict(proof: NumeroProof | undefined, bet: BetProof | undefined) {
  const [state, setState] = useState<{ bet: BetProof; verdict: BetVerdict } | null>(null);
  useEffect(() => {
    if (!proof || !bet) return;
    let cancelled = false;
    void betVerdictOf(proof, bet).then((verdict) => !cancelled && setState({ bet, verdict }));
    return () => {
      cancelled = true;
    };
  }, [proof, bet]);
  return state && state.bet === bet ? state.verdict : null;
}

function Check({ ok, text }: { ok: boolean; text: string }) {
  return (
    <p className={`lottery-verdict ${ok ? 'lottery-verdict--ok' : 'lottery-verdict--bad'}`}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {text}
    </p>
  );
}

/**
 * The public verify page (issue 13): any numero's draw recomputed here from its revealed seed and
 * public inputs, next to the published numbers, with the commitment checked against the seed.
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const gameCode = (searchParams.get('gameCode') ?? '').trim().toUpperCase();
  const numero = (searchParams.get('numero') ?? '').trim();
  const isValid = gameCodePattern.test(gameCode) && numeroPattern.test(numero);
  const proof = useNumeroProof(gameCode, numero, isValid);
  const verdict = useVerdict(proof.data);
  const betParam = Number(searchParams.get('betId') ?? '');
  const betId = Number.isSafeInteger(betParam) && betParam > 0 ? betParam : null;
  const betProof = useBetProof(isValid ? betId : null);
  const betVerdict = useBetVerdict(proof.data, betProof.data);

  return (
    <Page title={t('lottery_verify_title')} subtitle={isValid ? `${gameCode} · ${numero}` : undefined}>
      <section className="card lottery-verify-intro">
        <p>{t('lottery_verify_scheme_1')}</p>
        <p>{t('lottery_verify_scheme_2')}</p>
        <p>{t('lottery_verify_scheme_3')}</p>
        <p className="lottery-source lottery-source--house">{t('lottery_verify_house_only')}</p>
      </section>
      <VerifyForm gameCode={gameCode} numero={numero} />
      {!isValid ? null : proof.isPending ? (
        <Skeleton rows={4} />
      ) : proof.isError ? (
        <EmptyState
          icon={ShieldCheck}
          title={t('lottery_verify_not_found')}
          text={t(errorTextKey(proof.error))}
        />
      ) : (
        <ProofView proof={proof.data} verdict={verdict} betVerdict={betVerdict} />
      )}
    </Page>
  );
}

function ProofView({
  proof,
  verdict,
  betVerdict,
}: {
  proof: NumeroProof;
  verdict: { verdict: Verdict | null; failed: boolean } | null;
  betVerdict: BetVerdict | null;
}) {
  const { t } = useTranslation();
  return (
    <section className="card lottery-proof" aria-labelledby="lottery-proof-title">
      <h2 id="lottery-proof-title" className="lottery-section-title">
        {proof.gameCode} · {proof.numero} · <span className="tabular">{proof.drawDate}</span>
      </h2>
      {proof.resultSource !== 'official' ? <ResultSource region={proof.region} source="house" /> : null}
      {/* An official result owes nothing to the seed, the digest or the beacon: not shown. */}
      {proof.resultSource !== 'official' ? (
        <dl className="lottery-proof__facts">
          <div>
            <dt>{t('lottery_verify_seed_hash')}</dt>
            <dd className="lottery-hash">{proof.seedHash}</dd>
          </div>
          <div>
            <dt>{t('lottery_verify_seed')}</dt>
            <dd className="lottery-hash">{proof.seed ?? t('lottery_verify_seed_hidden')}</dd>
          </div>
          <div>
            <dt>{t('lottery_verify_bets_digest')}</dt>
            <dd className="lottery-hash">{proof.betsDigest ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('lottery_verify_bet_count')}</dt>
            <dd className="tabular">{proof.betCount}</dd>
          </div>
          {proof.beacon ? (
            <div>
              <dt>{t('lottery_verify_beacon')}</dt>
              <dd className="lottery-hash">
                {t('lottery_beacon_round', { round: proof.beacon.round })}
                {proof.beacon.randomness ? ` · ${proof.beacon.randomness}` : ''}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {proof.resultSource === 'official' ? (
        <>
          <ResultSource region={proof.region} source="official" origin={proof.resultOrigin} />
          <p className="form__notice" role="status">
            {t('lottery_verify_official')}
          </p>
          {proof.status === 'void' ? (
            <p className="lottery-verdict lottery-verdict--bad">
              {t('lottery_verify_void', { reason: proof.voidReason ?? '' })}
            </p>
          ) : proof.result ? (
            <ResultTable result={proof.result} caption={t('lottery_verify_published')} />
          ) : null}
        </>
      ) : proof.status === 'void' ? (
        <p className="lottery-verdict lottery-verdict--bad">
          {t('lottery_verify_void', { reason: proof.voidReason ?? '' })}
        </p>
      ) : proof.seed === null || proof.result === null ? (
        <p className="form__notice" role="status">
          {t('lottery_verify_before_draw')}
        </p>
      ) : verdict === null ? (
        <Skeleton rows={2} />
      ) : verdict.failed || verdict.verdict === null ? (
        <Check ok={false} text={t('lottery_verify_failed')} />
      ) : (
        <>
          <div className="lottery-verdicts" role="status">
            <Check
              ok={verdict.verdict.seedMatches}
              text={t(verdict.verdict.seedMatches ? 'lottery_verify_seed_ok' : 'lottery_verify_seed_bad')}
            />
            <Check
              ok={verdict.verdict.numbersMatch}
              text={t(
                verdict.verdict.numbersMatch ? 'lottery_verify_numbers_ok' : 'lottery_verify_numbers_bad',
              )}
            />
            {verdict.verdict.beaconValid === null ? null : (
              <Check
                ok={verdict.verdict.beaconValid}
                text={t(
                  verdict.verdict.beaconValid ? 'lottery_verify_beacon_ok' : 'lottery_verify_beacon_bad',
                )}
              />
            )}
            {betVerdict ? (
              <>
                <Check
                  ok={betVerdict.included}
                  text={t(betVerdict.included ? 'lottery_verify_bet_ok' : 'lottery_verify_bet_bad', {
                    betId: betVerdict.betId,
                  })}
                />
                <Check
                  ok={betVerdict.hashMatches}
                  text={t(
                    betVerdict.hashMatches ? 'lottery_verify_bet_hash_ok' : 'lottery_verify_bet_hash_bad',
                  )}
                />
              </>
            ) : null}
          </div>
          <div className="lottery-compare">
            <ResultTable
              result={proof.result}
              compare={verdict.verdict.derived}
              caption={t('lottery_verify_published')}
            />
            <ResultTable
              result={verdict.verdict.derived}
              compare={proof.result}
              caption={t('lottery_verify_recomputed')}
            />
          </div>
        </>
      )}
    </section>
  );
}

function VerifyForm({ gameCode, numero }: { gameCode: string; numero: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [code, setCode] = useState(gameCode);
  const [issue, setIssue] = useState(numero);
  const [error, setError] = useState<{ field: 'gameCode' | 'numero'; text: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextCode = code.trim().toUpperCase();
    const nextNumero = issue.trim();
    if (!gameCodePattern.test(nextCode)) {
      setError({ field: 'gameCode', text: t('lottery_verify_code_invalid') });
      return;
    }
    if (!numeroPattern.test(nextNumero)) {
      setError({ field: 'numero', text: t('lottery_verify_numero_invalid') });
      return;
    }
    setError(null);
    void navigate(lotteryVerifyPath(nextCode, nextNumero));
  };
  return (
    <form className="card form lottery-verify-form" onSubmit={submit} noValidate>
      <TextField
        id={`${id}-code`}
        label={t('lottery_verify_game_code')}
        value={code}
        autoCapitalize="characters"
        autoComplete="off"
        error={error?.field === 'gameCode' ? error.text : undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      <TextField
        id={`${id}-numero`}
        label={t('lottery_numero')}
        className="tabular"
        inputMode="numeric"
        autoComplete="off"
        value={issue}
        error={error?.field === 'numero' ? error.text : undefined}
        onChange={(event) => setIssue(event.target.value)}
      />
      <button type="submit" className="button button--primary lottery-verify-form__submit">
        {t('lottery_verify_submit')}
      </button>
    </form>
  );
}
