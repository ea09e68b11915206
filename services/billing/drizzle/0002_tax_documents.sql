CREATE TABLE "credit_note_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "credit_note_counters_positive" CHECK ("credit_note_counters"."last_sequence" > 0)
);
--> statement-breakpoint
CREATE TABLE "tax_document_lines" (
	"document_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"tax_code" text DEFAULT '' NOT NULL,
	"gst_bp" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"discount_paise" bigint NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"employee_name" text DEFAULT '' NOT NULL,
	"source_line_id" text DEFAULT '' NOT NULL,
	CONSTRAINT "tax_document_lines_document_id_position_pk" PRIMARY KEY("document_id","position"),
	CONSTRAINT "tax_document_lines_kind_check" CHECK ("tax_document_lines"."kind" in ('service', 'product', 'addon', 'tip')),
	CONSTRAINT "tax_document_lines_money_check" CHECK ("tax_document_lines"."quantity" >= 0 and "tax_document_lines"."gst_bp" between 0 and 10000 and "tax_document_lines"."taxable_paise" >= 0 and "tax_document_lines"."cgst_paise" >= 0 and "tax_document_lines"."sgst_paise" >= 0 and "tax_document_lines"."igst_paise" >= 0 and "tax_document_lines"."discount_paise" >= 0 and "tax_document_lines"."total_paise" >= 0),
	CONSTRAINT "tax_document_lines_sum_check" CHECK (("tax_document_lines"."kind" = 'tip' and "tax_document_lines"."gst_bp" = 0 and "tax_document_lines"."taxable_paise" = 0 and "tax_document_lines"."cgst_paise" + "tax_document_lines"."sgst_paise" + "tax_document_lines"."igst_paise" = 0) or ("tax_document_lines"."kind" <> 'tip' and "tax_document_lines"."total_paise" = "tax_document_lines"."taxable_paise" + "tax_document_lines"."cgst_paise" + "tax_document_lines"."sgst_paise" + "tax_document_lines"."igst_paise"))
);
--> statement-breakpoint
CREATE TABLE "tax_document_pdfs" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"render_ms" integer NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"original_document_id" uuid,
	"issue_date" date NOT NULL,
	"branch_id" text,
	"supplier_gstin" text NOT NULL,
	"supplier_state_code" text NOT NULL,
	"place_of_supply" text NOT NULL,
	"customer_id" text DEFAULT '' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"customer_gstin" text DEFAULT '' NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"tip_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"payments" jsonb NOT NULL,
	"balance_paise" bigint DEFAULT 0 NOT NULL,
	"irn" text,
	"irn_qr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_documents_sequence_unique" UNIQUE("kind","financial_year","sequence"),
	CONSTRAINT "tax_documents_source_unique" UNIQUE("source_kind","source_id"),
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_source_kind_check" CHECK (("tax_documents"."kind" = 'invoice' and "tax_documents"."source_kind" in ('sale', 'order')) or ("tax_documents"."kind" = 'credit_note' and "tax_documents"."source_kind" in ('sale_refund', 'order_refund') and "tax_documents"."original_document_id" is not null)),
	CONSTRAINT "tax_documents_money_check" CHECK ("tax_documents"."taxable_paise" >= 0 and "tax_documents"."cgst_paise" >= 0 and "tax_documents"."sgst_paise" >= 0 and "tax_documents"."igst_paise" >= 0 and "tax_documents"."tip_paise" >= 0 and "tax_documents"."balance_paise" >= 0 and "tax_documents"."total_paise" = "tax_documents"."taxable_paise" + "tax_documents"."cgst_paise" + "tax_documents"."sgst_paise" + "tax_documents"."igst_paise" + "tax_documents"."tip_paise"),
	CONSTRAINT "tax_documents_tax_kind_check" CHECK (("tax_documents"."place_of_supply" = "tax_documents"."supplier_state_code" and "tax_documents"."igst_paise" = 0) or ("tax_documents"."place_of_supply" <> "tax_documents"."supplier_state_code" and "tax_documents"."cgst_paise" = 0 and "tax_documents"."sgst_paise" = 0))
);
--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_pdfs" ADD CONSTRAINT "tax_document_pdfs_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_documents_issue_date_idx" ON "tax_documents" USING btree ("issue_date","kind");--> statement-breakpoint
CREATE INDEX "tax_documents_customer_idx" ON "tax_documents" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "tax_documents_original_idx" ON "tax_documents" USING btree ("original_document_id");--> statement-breakpoint
-- A GST document is never edited or deleted: a credit note and a new invoice correct it. Only the
-- customer's contact details may be blanked (an erasure the customer asked for) and an IRN recorded.
CREATE FUNCTION tax_documents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'tax documents are never deleted' USING ERRCODE = 'check_violation';
  END IF;
  IF (to_jsonb(NEW) - 'customer_name' - 'customer_email' - 'customer_phone' - 'irn' - 'irn_qr')
     IS DISTINCT FROM (to_jsonb(OLD) - 'customer_name' - 'customer_email' - 'customer_phone' - 'irn' - 'irn_qr') THEN
    RAISE EXCEPTION 'tax document % is never edited', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tax_documents_immutable BEFORE UPDATE OR DELETE ON tax_documents
  FOR EACH ROW EXECUTE FUNCTION tax_documents_immutable();
--> statement-breakpoint
CREATE FUNCTION tax_document_lines_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax document lines are never edited or deleted' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER tax_document_lines_immutable BEFORE UPDATE OR DELETE ON tax_document_lines
  FOR EACH ROW EXECUTE FUNCTION tax_document_lines_immutable();
