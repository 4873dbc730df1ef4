import {
  DataTypes,
  Model,
  type CreationOptional,
  type ForeignKey,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { Role } from '@brnd/contracts/domain/constants';

/**
 * Sequelize models over the tables the migrations create. The schema itself is owned by the
 * migrations (never `sync()`); these classes only describe it for queries.
 */

export type Language = 'en' | 'po';

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<string>;
  declare name: string;
  declare email: string;
  declare mobile: string;
  declare address: CreationOptional<string>;
  declare passwordHash: string;
  declare emailVerifiedAt: Date | null;
  declare phoneVerifiedAt: Date | null;
  declare referralCode: string;
  declare referredBy: ForeignKey<string> | null;
  declare language: CreationOptional<Language>;
  /** `admin`: an operator (see the `admin:create` command). */
  declare role: CreationOptional<Role>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class Session extends Model<InferAttributes<Session>, InferCreationAttributes<Session>> {
  declare id: CreationOptional<string>;
  declare tokenHash: string;
  declare userId: ForeignKey<string>;
  declare createdAt: CreationOptional<Date>;
  declare expiresAt: Date;
  declare revokedAt: Date | null;
  declare lastSeenAt: CreationOptional<Date>;
}

export type CodePurpose = 'email' | 'phone_step' | 'reset';

export class VerificationCode extends Model<
  InferAttributes<VerificationCode>,
  InferCreationAttributes<VerificationCode>
> {
  declare id: CreationOptional<string>;
  declare userId: ForeignKey<string>;
  declare purpose: CodePurpose;
  declare codeHash: string;
  declare expiresAt: Date;
  declare usedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
}

export class SmsCode extends Model<InferAttributes<SmsCode>, InferCreationAttributes<SmsCode>> {
  declare id: CreationOptional<string>;
  declare userId: ForeignKey<string>;
  declare mobile: string;
  declare codeHash: string;
  declare attempts: CreationOptional<number>;
  declare expiresAt: Date;
  declare deadAt: Date | null;
  declare createdAt: CreationOptional<Date>;
}

export type OutboxChannel = 'email' | 'sms';

export class OutboxMessage extends Model<
  InferAttributes<OutboxMessage>,
  InferCreationAttributes<OutboxMessage>
> {
  declare id: CreationOptional<string>;
  declare channel: OutboxChannel;
  declare to: string;
  declare subject: string;
  declare text: string;
  /** E-mails only: the HTML part. */
  declare html: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
}

export interface Models {
  User: typeof User;
  Session: typeof Session;
  VerificationCode: typeof VerificationCode;
  SmsCode: typeof SmsCode;
  OutboxMessage: typeof OutboxMessage;
}

const timestamp = (allowNull: boolean) => ({ type: DataTypes.DATE, allowNull });

/**
 * Models are bound to one Sequelize instance; a process that opens two databases (tests) gets
 * subclasses per instance so the bindings never cross.
 */
export function defineModels(sequelize: Sequelize): Models {
  const common = { sequelize, underscored: true } as const;

  class BoundUser extends User {}
  BoundUser.init(
    {
      id: { type: DataTypes.UUID, defaultValue: DataTypes.UUIDV4, primaryKey: true },
      name: { type: DataTypes.TEXT, allowNull: false },
      email: { type: DataTypes.TEXT, allowNull: false },
      mobile: { type: DataTypes.TEXT, allowNull: false },
      address: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
      passwordHash: { type: DataTypes.TEXT, allowNull: false },
      emailVerifiedAt: timestamp(true),
      phoneVerifiedAt: timestamp(true),
      referralCode: { type: DataTypes.TEXT, allowNull: false },
      referredBy: { type: DataTypes.UUID, allowNull: true },
      language: { type: DataTypes.TEXT, allowNull: false, defaultValue: 'en' },
      role: { type: DataTypes.TEXT, allowNull: false, defaultValue: 'user' },
      createdAt: timestamp(false),
      updatedAt: timestamp(false),
    },
    { ...common, tableName: 'users', modelName: 'User' },
  );

  class BoundSession extends Session {}
  BoundSession.init(
    {
      id: { type: DataTypes.UUID, defaultValue: DataTypes.UUIDV4, primaryKey: true },
      tokenHash: { type: DataTypes.TEXT, allowNull: false },
      userId: { type: DataTypes.UUID, allowNull: false },
      createdAt: timestamp(false),
      expiresAt: timestamp(false),
      revokedAt: timestamp(true),
      lastSeenAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    },
    { ...common, tableName: 'sessions', modelName: 'Session', updatedAt: false },
  );

  class BoundVerificationCode extends VerificationCode {}
  BoundVerificationCode.init(
    {
      id: { type: DataTypes.UUID, defaultValue: DataTypes.UUIDV4, primaryKey: true },
      userId: { type: DataTypes.UUID, allowNull: false },
      purpose: { type: DataTypes.TEXT, allowNull: false },
      codeHash: { type: DataTypes.TEXT, allowNull: false },
      expiresAt: timestamp(false),
      usedAt: timestamp(true),
      createdAt: timestamp(false),
    },
    {
      ...common,
      tableName: 'verification_codes',
      modelName: 'VerificationCode',
      updatedAt: false,
    },
  );

  class BoundSmsCode extends SmsCode {}
  BoundSmsCode.init(
    {
      id: { type: DataTypes.UUID, defaultValue: DataTypes.UUIDV4, primaryKey: true },
      userId: { type: DataTypes.UUID, allowNull: false },
      mobile: { type: DataTypes.TEXT, allowNull: false },
      codeHash: { type: DataTypes.TEXT, allowNull: false },
      attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      expiresAt: timestamp(false),
      deadAt: timestamp(true),
      createdAt: timestamp(false),
    },
    { ...common, tableName: 'sms_codes', modelName: 'SmsCode', updatedAt: false },
  );

  class BoundOutboxMessage extends OutboxMessage {}
  BoundOutboxMessage.init(
    {
      id: { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true },
      channel: { type: DataTypes.TEXT, allowNull: false },
      // "to" is an SQL keyword, so the column has a plainer name.
      to: { type: DataTypes.TEXT, allowNull: false, field: 'recipient' },
      subject: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
      text: { type: DataTypes.TEXT, allowNull: false },
      html: { type: DataTypes.TEXT, allowNull: true },
      createdAt: timestamp(false),
    },
    { ...common, tableName: 'outbox', modelName: 'OutboxMessage', updatedAt: false },
  );

  return {
    User: BoundUser,
    Session: BoundSession,
    VerificationCode: BoundVerificationCode,
    SmsCode: BoundSmsCode,
    OutboxMessage: BoundOutboxMessage,
  };
}
