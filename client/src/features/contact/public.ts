/** What other features may use of this one; everything else here is its own. */
export { StrategyReviewCard } from './components/strategy-review-card';
