CREATE TABLE "import_file_parts" (
	"import_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "import_file_parts_import_id_part_pk" PRIMARY KEY("import_id","part")
);
