import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../components/Button/Button.tsx';
import table from '../shared/table.module.css';
import styles from './BrandConsole.module.css';
import { TableScroll } from '../shared/TableScroll.tsx';

export interface DailyFigures {
  day: string;
  given: number;
  redeemed: number;
  transferred: number;
}

const SERIES = ['given', 'redeemed', 'transferred'] as const;
const DAY_WIDTH = 20;
const BAR_WIDTH = 5;
const HEIGHT = 120;

/**
 * Tokens given, redeemed and transferred per day as grouped bars. The picture is one image with
 * a spoken summary; the same figures are a real table one click away, for screen readers and
 * anyone who wants the numbers.
 */
export function VolumeChart({ daily }: { daily: readonly DailyFigures[] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `brandTokens.chart.${id}` }, values);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const titleId = useId();
  const max = Math.max(1, ...daily.flatMap((day) => SERIES.map((series) => day[series])));
  const days = daily.length;
  const dayLabel = (day: string) =>
    intl.formatDate(`${day}T12:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' });

  const first = daily[0];
  const last = daily[days - 1];
  if (!first || !last || daily.every((day) => SERIES.every((series) => day[series] === 0))) {
    return <p className={styles.chartEmpty}>{t('empty', { days: Math.max(days, 1) })}</p>;
  }

  return (
    <div>
      {/* The scale and the dates are for the eye; the image's title and the table say them. */}
      <div className={styles.chartFrame}>
        <div className={styles.chartScale} aria-hidden="true">
          <span>{intl.formatNumber(max)}</span>
          <span>{intl.formatNumber(0)}</span>
        </div>
        <svg
          className={styles.chart}
          viewBox={`0 0 ${days * DAY_WIDTH + 2} ${HEIGHT + 2}`}
          role="img"
          aria-labelledby={titleId}
          preserveAspectRatio="none"
        >
          <title id={titleId}>{t('label', { days, max })}</title>
          {daily.map((day, index) =>
            SERIES.map((series, seriesIndex) => {
              const height = (day[series] / max) * HEIGHT;
              return (
                <rect
                  key={`${day.day}-${series}`}
                  className={styles[series]}
                  x={index * DAY_WIDTH + 2 + seriesIndex * (BAR_WIDTH + 1)}
                  y={HEIGHT - height}
                  width={BAR_WIDTH}
                  height={height}
                />
              );
            }),
          )}
          <line className={styles.axis} x1={0} x2={days * DAY_WIDTH + 2} y1={HEIGHT} y2={HEIGHT} />
          <line className={styles.axis} x1={1} x2={1} y1={0} y2={HEIGHT} />
        </svg>
        <div className={styles.chartDates} aria-hidden="true">
          <span>{dayLabel(first.day)}</span>
          <span>{dayLabel(last.day)}</span>
        </div>
      </div>
      <ul className={styles.legend} aria-hidden="true">
        {SERIES.map((series) => (
          <li key={series}>
            <span className={`${styles.swatch} ${styles[series]}`} />
            {t(series)}
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        aria-expanded={showTable}
        aria-controls={tableId}
        onClick={() => setShowTable((shown) => !shown)}
      >
        {t(showTable ? 'hideTable' : 'showTable')}
      </Button>
      <TableScroll id={tableId} hidden={!showTable} label={t('tableCaption', { days })}>
        {showTable && (
          <table className={table.table}>
            <caption>{t('tableCaption', { days })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('day')}</th>
                {SERIES.map((series) => (
                  <th key={series} scope="col">
                    {t(series)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {daily.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{dayLabel(day.day)}</th>
                  {SERIES.map((series) => (
                    <td key={series}>{intl.formatNumber(day[series])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </TableScroll>
    </div>
  );
}
