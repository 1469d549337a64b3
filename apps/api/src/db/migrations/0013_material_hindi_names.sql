-- Issue 39 (design.md section 23): a material has a Hindi name, shown to Hindi readers on
-- every screen and PDF that names it; null shows the English name.
ALTER TABLE "materials" ADD COLUMN "name_hi" text;
--> statement-breakpoint
-- Databases seeded before this version: the demo materials take the Hindi names the seed
-- now gives (seed/reference-data.ts), matched by their English name as seeded; a material
-- renamed since keeps no Hindi name until an admin gives it one.
UPDATE "materials" m SET "name_hi" = v."name_hi"
FROM (VALUES
  ('Copper', 'तांबा'),
  ('Brass', 'पीतल'),
  ('Aluminium', 'एल्युमिनियम'),
  ('Iron', 'लोहा'),
  ('Steel', 'स्टील'),
  ('Newspaper', 'अख़बार'),
  ('Cardboard', 'गत्ता'),
  ('Office Paper', 'दफ़्तरी काग़ज़'),
  ('Books', 'किताबें'),
  ('PET Bottles', 'प्लास्टिक की बोतलें'),
  ('Hard Plastic', 'सख़्त प्लास्टिक'),
  ('Glass Bottles', 'कांच की बोतलें'),
  ('E-waste', 'ई-कचरा'),
  ('Batteries', 'बैटरियां')
) AS v("name", "name_hi")
WHERE m."name_hi" IS NULL AND lower(m."name") = lower(v."name");
