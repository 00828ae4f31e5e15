import { ValidationFailed } from '../../../shared';

/** startsAt after endsAt (training_cohorts_window CHECK), answered as a 400 before the database would refuse it. */
export const CohortWindowInvalid = () => ValidationFailed('startsAt must not be after endsAt');
