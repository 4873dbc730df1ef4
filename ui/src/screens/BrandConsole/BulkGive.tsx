import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { BrandToken, bulkGiveTokens } from '@brnd/contracts/api/brand-tokens';
import type { EndpointResponse } from '@brnd/contracts/api/endpoint';
import {
  BULK_GIVE_CSV_TEMPLATE,
  BULK_GIVE_CSV_TEMPLATE_NAME,
  BULK_GIVE_MAX_ROWS,
} from '@brnd/contracts/domain/brand-tokens';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { FileDrop } from '../../components/FileDrop/FileDrop.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { useBulkGiveMutation } from '../shared/brand-token-queries.ts';
import screen from '../shared/screen.module.css';
import table from '../shared/table.module.css';
import { FormError, useT } from './console-parts.tsx';

/** A link, not a script: the template downloads with JavaScript still loading or blocked. */
const CSV_TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(BULK_GIVE_CSV_TEMPLATE)}`;
type BulkAnswer = EndpointResponse<typeof bulkGiveTokens>;

/** Gives from a CSV file: checked first (a preview and the lines refused), then applied. */
export function BulkGive({ token }: { token: BrandToken }) {
  const intl = useIntl();
  const t = useT();
  const toast = useToast();
  const [file, setFile] = useState<File | undefined>();
  const [missingFile, setMissingFile] = useState(false);
  const [preview, setPreview] = useState<BulkAnswer | null>(null);
  const [applied, setApplied] = useState<BulkAnswer | null>(null);
  const bulk = useBulkGiveMutation(token.id);
  const previewId = useId();

  const choose = (next: File | undefined) => {
    setFile(next);
    setMissingFile(false);
    setPreview(null);
    setApplied(null);
    bulk.reset();
  };

  const check = () => {
    if (!file) {
      setMissingFile(true);
      return;
    }
    bulk.mutate({ file, apply: false }, { onSuccess: (answer) => setPreview(answer) });
  };

  const apply = () => {
    if (!file) return;
    bulk.mutate(
      { file, apply: true },
      {
        onSuccess: (answer) => {
          setApplied(answer);
          setPreview(null);
          toast.success(
            t('bulk.applied', { rows: answer.rows, total: answer.total, ticker: token.ticker }),
          );
        },
      },
    );
  };

  const fileError = missingFile ? t('bulk.chooseFirst') : serverFieldErrors(bulk.error)?.file;
  const errors = preview?.errors ?? [];

  return (
    <Card title={t('bulk.title')}>
      <p>
        {t('bulk.lead')}{' '}
        <a href={CSV_TEMPLATE_HREF} download={BULK_GIVE_CSV_TEMPLATE_NAME}>
          {t('bulk.template')}
        </a>
      </p>
      <FileDrop
        label={t('bulk.file')}
        accept=".csv,text/csv"
        file={file}
        onChange={choose}
        error={
          fileError && intl.messages[fileError] ? intl.formatMessage({ id: fileError }) : fileError
        }
        dropText={t('bulk.drop')}
        chooseText={t('bulk.choose')}
        removeText={t('bulk.remove')}
        chosenText={(chosen, size) => t('bulk.chosen', { name: chosen.name, size })}
      />
      {bulk.error && !serverFieldErrors(bulk.error) ? <FormError error={bulk.error} /> : null}
      <div className={screen.actions}>
        <Button variant="secondary" onClick={check} busy={bulk.isPending && !preview}>
          {t('bulk.check')}
        </Button>
      </div>
      {applied && (
        <Alert variant="success">
          {t('bulk.applied', { rows: applied.rows, total: applied.total, ticker: token.ticker })}
        </Alert>
      )}
      {preview && (
        <section aria-labelledby={previewId}>
          <h3 id={previewId}>{t('bulk.previewTitle')}</h3>
          <p>
            {t('bulk.summary', { rows: preview.rows, total: preview.total, ticker: token.ticker })}
          </p>
          {errors.length > 0 && (
            <Alert variant="danger" title={t('bulk.errorsTitle', { count: errors.length })}>
              <ul>
                {errors.map((error) => (
                  <li key={`${error.line}-${error.messageId}`}>
                    {t('bulk.errorLine', {
                      line: error.line,
                      message: intl.messages[error.messageId]
                        ? intl.formatMessage({ id: error.messageId }, { max: BULK_GIVE_MAX_ROWS })
                        : error.text,
                    })}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
          {preview.preview.length > 0 && (
            <div className={table.scroll}>
              <table className={table.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('bulk.line')}</th>
                    <th scope="col">{t('bulk.recipient')}</th>
                    <th scope="col">{t('bulk.amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.preview.map((row) => (
                    <tr key={row.line}>
                      <td>{intl.formatNumber(row.line)}</td>
                      <td className={table.long}>{row.recipient}</td>
                      <td>{intl.formatNumber(row.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {preview.preview.length < preview.rows && (
            <p className={screen.muted}>{t('bulk.shown', { shown: preview.preview.length })}</p>
          )}
          {errors.length === 0 && preview.rows > 0 && (
            <div className={screen.actions}>
              <Button onClick={apply} busy={bulk.isPending}>
                {t('bulk.apply', { rows: preview.rows })}
              </Button>
            </div>
          )}
        </section>
      )}
    </Card>
  );
}
