-- A product's search key now also holds its household's town, so "Leskovac" or "Irig" finds what
-- is made there (src/shared/category-search.ts productSearchKey). New keys are computed by the app;
-- this appends the town, folded like the app folds it (lower case, Cyrillic to Latin, no
-- diacritics, punctuation to spaces), to the keys written before.
UPDATE "products" AS p
SET "search_key" = btrim(p."search_key" || ' ' || btrim(regexp_replace(
  translate(replace(replace(replace(replace(replace(replace(lower(h."location"), 'љ', 'lj'), 'Љ', 'lj'), 'њ', 'nj'), 'Њ', 'nj'), 'џ', 'dz'), 'Џ', 'dz'),
    'абвгдђежзијклмнопрстћуфхцчшčćšžđАБВГДЂЕЖЗИЈКЛМНОПРСТЋУФХЦЧШČĆŠŽĐ',
    'abvgddezzijklmnoprstcufhccsccszdabvgddezzijklmnoprstcufhccsccszd'),
  '[^[:alnum:]]+', ' ', 'g')))
FROM "households" AS h
WHERE h."id" = p."household_id" AND btrim(h."location") <> '';
