import { formatCalendarDate, londonDate } from '@common/calendar';
import { Card } from '@/components/ui/card';
import { useHealthHistory } from '../api/get-health-history';

const WIDTH = 320;
const HEIGHT = 80;

/** The overall score across recent runs: a small line, with the figures for screen readers. */
export function ScoreHistory() {
  const history = useHealthHistory();
  const points = history.data ?? [];
  if (points.length < 2) return null;
  const x = (index: number) => (index / (points.length - 1)) * (WIDTH - 8) + 4;
  const y = (score: number) => HEIGHT - 4 - (score / 100) * (HEIGHT - 8);
  const line = points.map((point, index) => `${x(index)},${y(point.overallScore)}`).join(' ');
  const label = (createdAt: string) => formatCalendarDate(londonDate(new Date(createdAt)));
  return (
    <Card className="grid gap-3 p-6" data-testid="score-history">
      <h2 className="text-xl font-bold">Your score over time</h2>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-20 w-full max-w-md" aria-hidden="true">
        <polyline points={line} fill="none" stroke="currentColor" strokeWidth="2" className="text-primary" />
        {points.map((point, index) => (
          <circle
            key={point.createdAt}
            cx={x(index)}
            cy={y(point.overallScore)}
            r="3"
            className="fill-primary"
          />
        ))}
      </svg>
      <ol className="sr-only">
        {points.map((point) => (
          <li key={point.createdAt}>
            {label(point.createdAt)}: {point.overallScore}/100
          </li>
        ))}
      </ol>
      <p className="text-sm text-muted-foreground">
        {points[0]!.overallScore} on {label(points[0]!.createdAt)} → {points.at(-1)!.overallScore} now
      </p>
    </Card>
  );
}
