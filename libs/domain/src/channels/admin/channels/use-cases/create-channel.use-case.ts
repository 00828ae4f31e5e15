import { Service } from 'typedi';
import { ChannelAccessPolicyModel, ChannelDiscussionModel, ChannelModel, Database } from '@platform/db';
import type { ChannelAccessPolicy, ChannelHistoryPolicy, ChannelKind, ChannelVisibility, Transaction } from '@platform/db';
import { AdminActor, IdempotencyKeysService, readStrictBody, requestFingerprint } from '../../../../shared';
import { CHANNEL_IDEMPOTENCY_ERRORS } from '../../../channels.errors';
import { ChannelFeatureKeysService } from '../channel-feature-keys.service';
import { ChannelDetailView, toChannelDetail } from '../channel.views';
import { CreateChannelDto } from '../dto/create-channel.dto';
import type { ChannelWithPolicy } from '../../../channel.repository';

/** A create request, validated, with the defaults filled in: one flat shape, so it is also the idempotency fingerprint. */
interface NewChannel {
  kind: ChannelKind;
  accessPolicy: ChannelAccessPolicy;
  visibility: ChannelVisibility;
  title: string;
  description: string | null;
  firstSubscribeHistoryPolicy: ChannelHistoryPolicy;
  resubscribeBackfillDays: number;
  preservePriorEntitledHistory: boolean;
  requiredFeatureKey: string | null;
}

/**
 * POST /api/admin/channels (community-content-uploads.md "Channels, admin"). The body is read
 * strictly (422), then the Idempotency-Key is claimed (missing: 400; same key and another request:
 * 409 CHANNEL_IDEMPOTENCY_MISMATCH; a repeat replays the stored detail). The channel, its access
 * policy and its discussion (CONTRACT section 10: enabled, no feature, slow mode off) are written
 * in one transaction with the key's answer, so all of them commit or none does.
 */
@Service()
export class CreateChannelUseCase {
  constructor(
    private readonly db: Database,
    private readonly keys: IdempotencyKeysService,
    private readonly featureKeys: ChannelFeatureKeysService,
  ) {}

  async execute(admin: AdminActor, idempotencyKey: string | undefined, body: unknown): Promise<ChannelDetailView> {
    const request = normalize(readStrictBody(CreateChannelDto, body));
    this.featureKeys.requireForGate(request.accessPolicy, request.requiredFeatureKey, 'access_policy_config.required_feature_key');
    const idempotent = {
      actor: { kind: 'admin' as const, id: admin.id },
      scope: 'channel.create' as const,
      key: idempotencyKey,
      // The normalized request, flat: key order, omitted defaults and surrounding blanks of the title do not matter.
      fingerprint: requestFingerprint({ ...request }),
      errors: CHANNEL_IDEMPOTENCY_ERRORS,
    };
    return this.keys.perform(idempotent, (claim) =>
      this.db.transaction(async (tx) => {
        await this.featureKeys.requireKnown(request.requiredFeatureKey, 'access_policy_config.required_feature_key', tx);
        const view = toChannelDetail(await this.insert(admin, request, tx));
        await this.keys.complete(claim, view, { type: 'channel', id: view.id }, tx);
        return view;
      }),
    );
  }

  private async insert(admin: AdminActor, request: NewChannel, tx: Transaction): Promise<ChannelWithPolicy> {
    const { kind, accessPolicy, visibility, title, description } = request;
    const channel = await ChannelModel.create(
      { kind, accessPolicy, visibility, title, description, status: 'active', createdByAdminId: admin.id },
      { transaction: tx },
    );
    channel.accessPolicyConfig = await ChannelAccessPolicyModel.create(
      {
        channelId: channel.id,
        accessPolicy,
        firstSubscribeHistoryPolicy: request.firstSubscribeHistoryPolicy,
        resubscribeBackfillDays: request.resubscribeBackfillDays,
        preservePriorEntitledHistory: request.preservePriorEntitledHistory,
        requiredFeatureKey: request.requiredFeatureKey,
        updatedByAdminId: admin.id,
      },
      { transaction: tx },
    );
    await ChannelDiscussionModel.create(
      { channelId: channel.id, title, isEnabled: true, requiredFeatureKey: null, slowModeEnabled: false, createdByAdminId: admin.id },
      { transaction: tx },
    );
    return channel as ChannelWithPolicy;
  }
}

function normalize(dto: CreateChannelDto): NewChannel {
  const config = dto.access_policy_config ?? {};
  return {
    kind: dto.kind,
    accessPolicy: dto.access_policy,
    visibility: dto.visibility,
    title: dto.title,
    description: dto.description ?? null,
    firstSubscribeHistoryPolicy: config.first_subscribe_history_policy ?? 'NO_PAST',
    resubscribeBackfillDays: config.resubscribe_backfill_days ?? 0,
    preservePriorEntitledHistory: config.preserve_prior_entitled_history ?? true,
    requiredFeatureKey: config.required_feature_key ?? null,
  };
}
