CREATE TABLE "activity" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"impersonator_id" text,
	"ip_address" text,
	"user_agent" text,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"owner_id" text,
	"label" text,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_at_id_idx" ON "activity" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "activity_entity_idx" ON "activity" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "activity_owner_idx" ON "activity" USING btree ("owner_id","at");--> statement-breakpoint
CREATE INDEX "activity_actor_idx" ON "activity" USING btree ("actor_id","at");--> statement-breakpoint
-- Records one entry per row changed, in the change's transaction. Who, from where and which browser
-- come from the transaction's settings (folio.actor_id and the others, set by the server); a
-- session or an account made without them (a sign-in, a sign-up) is its owner's doing. The first
-- argument names the columns never recorded: ids, timestamps kept by the server, and secrets.
CREATE FUNCTION folio_record_activity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  row_now jsonb := coalesce(new_row, old_row);
  hidden text[] := TG_ARGV[0]::text[];
  changes jsonb := '{}';
  field text;
  actor text := nullif(current_setting('folio.actor_id', true), '');
  impersonator text := nullif(current_setting('folio.impersonator_id', true), '');
  owner text := coalesce(row_now ->> 'user_id', CASE WHEN TG_TABLE_NAME = 'user' THEN row_now ->> 'id' END);
  action text := CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END;
BEGIN
  FOR field IN SELECT jsonb_object_keys(row_now) LOOP
    CONTINUE WHEN field = ANY (hidden);
    IF old_row -> field IS DISTINCT FROM new_row -> field THEN
      changes := changes || jsonb_build_object(field, jsonb_build_array(old_row -> field, new_row -> field));
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'user' THEN
    IF TG_OP = 'INSERT' THEN
      -- Signing up: the person makes themself.
      actor := coalesce(actor, owner);
    ELSIF TG_OP = 'UPDATE' AND changes ? 'banned' THEN
      action := CASE WHEN (new_row ->> 'banned')::boolean THEN 'ban' ELSE 'unban' END;
    ELSIF TG_OP = 'UPDATE' AND changes ? 'role' THEN
      action := 'setRole';
    END IF;
  ELSIF TG_TABLE_NAME = 'session' THEN
    -- A session's refreshes are not changes anyone made, nor is one that ended by expiring.
    IF TG_OP = 'UPDATE' OR (TG_OP = 'DELETE' AND (old_row ->> 'expires_at')::timestamptz <= now()) THEN
      RETURN NULL;
    END IF;
    IF row_now ->> 'impersonated_by' IS NOT NULL THEN
      -- The administrator starts it as themself, and ends it as the person they impersonate.
      IF TG_OP = 'INSERT' THEN
        action := 'impersonate';
        actor := coalesce(actor, row_now ->> 'impersonated_by');
      ELSE
        action := 'stopImpersonating';
        actor := coalesce(actor, owner);
        impersonator := coalesce(impersonator, row_now ->> 'impersonated_by');
      END IF;
    ELSIF TG_OP = 'INSERT' THEN
      action := 'signIn';
      actor := coalesce(actor, owner);
    ELSE
      action := CASE WHEN actor IS NULL OR actor = owner THEN 'signOut' ELSE 'revoke' END;
      actor := coalesce(actor, owner);
    END IF;
  END IF;
  -- A row made with a creation time of its own (demo data, an import) was made then.
  INSERT INTO activity (at, actor_id, impersonator_id, ip_address, user_agent, entity, entity_id, owner_id, label, action, changes)
  VALUES (
    CASE WHEN TG_OP = 'INSERT' THEN coalesce((row_now ->> 'created_at')::timestamptz, now()) ELSE now() END,
    actor,
    impersonator,
    nullif(current_setting('folio.ip_address', true), ''),
    nullif(current_setting('folio.user_agent', true), ''),
    TG_TABLE_NAME,
    row_now ->> 'id',
    owner,
    coalesce(row_now ->> 'title', row_now ->> 'name', row_now ->> 'email'),
    action,
    changes
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Attaches folio_record_activity to every table of the schema but those named, and to tables
-- added later when run again (after each migration), so a new entity is recorded without code.
CREATE FUNCTION folio_record_activity_of_tables(skipped text[], hidden text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT c.relname FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
      AND NOT c.relname = ANY (skipped)
      AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'id' AND NOT a.attisdropped)
  LOOP
    EXECUTE format(
      'CREATE OR REPLACE TRIGGER activity_record AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION folio_record_activity(%L)',
      name, hidden::text
    );
  END LOOP;
END
$$;
--> statement-breakpoint
-- Nothing edits an entry: what happened stays as it was recorded.
CREATE FUNCTION folio_refuse_activity_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Activity entries cannot be changed' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER activity_unchanged BEFORE UPDATE ON activity FOR EACH ROW EXECUTE FUNCTION folio_refuse_activity_update();
