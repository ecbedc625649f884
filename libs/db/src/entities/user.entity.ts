import { aiProviders, type AiProvider } from '@findclips/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An account: email and password, Google, or both. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  /** Stored trimmed and lower-cased, so the unique index is case-insensitive in effect. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  /** An argon2id hash (the column keeps its original name, password); null for Google-only accounts. */
  @Column({ name: 'password', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @Column({ name: 'first_name', type: 'text', nullable: true })
  firstName!: string | null;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName!: string | null;

  @Column({ name: 'google_id', type: 'varchar', length: 255, nullable: true, unique: true })
  googleId!: string | null;

  @Column({ name: 'avatar_url', type: 'text', nullable: true })
  avatarUrl!: string | null;

  @Column({ name: 'x_access_token', type: 'text', nullable: true })
  xAccessToken!: string | null;

  @Column({ name: 'is_test_account', type: 'boolean', default: false })
  isTestAccount!: boolean;

  @Column({ name: 'ai_provider', type: 'enum', enum: aiProviders, enumName: 'ai_provider', default: 'gemini' })
  aiProvider!: AiProvider;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
