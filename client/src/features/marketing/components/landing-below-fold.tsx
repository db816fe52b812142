import {
  FinalCallSection,
  ObjectionsSection,
  PainQuotesSection,
  ProblemSection,
  RoadmapSection,
  StepsSection,
  TestimonialSection,
} from './landing-sections';
import { LimitedSpots } from './limited-spots';

/** Everything on the landing page after the strike demo: its own chunk, hydrated as it comes near. */
export default function LandingBelowFold() {
  return (
    <>
      <ProblemSection />
      <TestimonialSection />
      <LimitedSpots />
      <PainQuotesSection />
      <StepsSection />
      <RoadmapSection />
      <ObjectionsSection />
      <FinalCallSection />
    </>
  );
}
