import type { Response } from 'express';
import { CurrentUser, Delete, Get, JsonController, Param, Post, Res } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CustomerActor, JoinTrainingWaitlistUseCase, LeaveTrainingWaitlistUseCase, TrainingWaitlistService } from '@platform/domain';
import { ApiResponse, CustomerRoute, WebAndMobile } from '@platform/http';
import { trainingWebPaths } from '../training-routes';

const PATH = '/api/training/cohorts/:cohortId(\\d+)/waitlist';
const ENTRY =
  'WaitlistEntry: { id, cohortId, status waiting|promoted|expired|cancelled, position (1-based FIFO place among the ' +
  'waiting entries; null unless waiting), createdAt, holdExpiresAt (set once an admin promoted the entry: a seat is held ' +
  'for the caller until then; enroll in this cohort before it) }.';
const ALSO = 'No body. Also served under /api/training and /api/trainings.';
const AUTH = '401 UNAUTHORIZED, 403 FORBIDDEN (admin token).';

/**
 * A customer's place in the waitlist of a full cohort (CONTRACT §10): join, leave, and read their
 * own entry; on the mobile prefix and its two web twins.
 */
@Service()
@JsonController()
export class TrainingWaitlistController {
  constructor(
    private readonly join: JoinTrainingWaitlistUseCase,
    private readonly leave: LeaveTrainingWaitlistUseCase,
    private readonly entries: TrainingWaitlistService,
  ) {}

  @WebAndMobile(Post, ...trainingWebPaths(PATH))
  @CustomerRoute()
  @OpenAPI({
    summary: 'Join the waitlist of a full cohort',
    description:
      `${ALSO} Data: the caller's WaitlistEntry; 201 for a new entry, 200 when the caller already had a live one (waiting, ` +
      'or promoted with its seat still held): joining again answers it and adds nothing, also when two joins race. ' +
      `${ENTRY} Errors: 404 TRAINING_COHORT_NOT_FOUND (unknown, or its training is not published), 409 ` +
      'TRAINING_ALREADY_ENROLLED (a pending or enrolled enrollment in this training), 409 TRAINING_COHORT_CANCELLED, 409 ' +
      `TRAINING_COHORT_CLOSED, 409 TRAINING_COHORT_NOT_FULL (seats are free: enroll instead), ${AUTH}`,
    responses: { '201': { description: 'Joined: a new waiting entry' }, '200': { description: 'Already on the list: the existing entry' } },
  })
  async joinWaitlist(@CurrentUser() customer: CustomerActor, @Param('cohortId') cohortId: number, @Res() res: Response) {
    const { entry, created } = await this.join.execute(customer, cohortId);
    res.status(created ? 201 : 200);
    return ApiResponse.ok(entry, created ? 'Joined the waitlist' : 'Already on the waitlist');
  }

  @WebAndMobile(Delete, ...trainingWebPaths(PATH))
  @CustomerRoute()
  @OpenAPI({
    summary: 'Leave the waitlist of a cohort (idempotent)',
    description:
      `${ALSO} Cancels the caller's waiting entry, or a promotion whose held seat no enrollment used yet (the seat goes ` +
      "back to the cohort). Always 200: data is the caller's newest entry of the cohort after leaving (status cancelled, or " +
      'as it was when there was nothing to leave: expired, cancelled, or promoted and used by an enrollment), null when the ' +
      `caller never joined; so a repeated leave answers the same. ${ENTRY} Errors: 404 TRAINING_COHORT_NOT_FOUND (unknown cohort), ${AUTH}`,
  })
  async leaveWaitlist(@CurrentUser() customer: CustomerActor, @Param('cohortId') cohortId: number) {
    return ApiResponse.ok(await this.leave.execute(customer, cohortId), 'Left the waitlist');
  }

  @WebAndMobile(Get, ...trainingWebPaths(PATH))
  @CustomerRoute()
  @OpenAPI({
    summary: "The caller's own entry in a cohort's waitlist",
    description:
      `Also served under /api/training and /api/trainings. Data: the caller's live WaitlistEntry, else their newest one, or ` +
      `null when they never joined. ${ENTRY} Errors: 404 TRAINING_COHORT_NOT_FOUND (unknown, or its training is not published), ${AUTH}`,
  })
  async ownEntry(@CurrentUser() customer: CustomerActor, @Param('cohortId') cohortId: number) {
    return ApiResponse.ok(await this.entries.mine(customer, cohortId));
  }
}
