-- Reference data every database needs, demo-seeded or not (docs/api/businesses.md, "Reference data"):
-- the business types offered in onboarding and the PMS list. Ids are fixed so the web, the seed and
-- the end-to-end tests can name them. Idempotent, so a database that already holds a row keeps it.
INSERT INTO "business_types" ("id", "slug", "title", "description", "icon", "is_bnb", "position") VALUES
('b7e00000-0000-4000-8000-000000000001', 'hotel',
 '{"pt-BR":"Hotel","en-US":"Hotel","es-ES":"Hotel","fr-CA":"Hôtel","it-IT":"Hotel"}',
 '{"pt-BR":"Estabelecimento com recepção e serviços, com quartos ou suítes, geralmente em área urbana ou turística.","en-US":"A property with a front desk and services, with rooms or suites, usually in a city or tourist area.","es-ES":"Establecimiento con recepción y servicios, con habitaciones o suites, normalmente en zona urbana o turística.","fr-CA":"Établissement avec réception et services, chambres ou suites, généralement en ville ou en zone touristique.","it-IT":"Struttura con reception e servizi, camere o suite, di solito in città o in zona turistica."}',
 'hotel', false, 1),
('b7e00000-0000-4000-8000-000000000002', 'pousada',
 '{"pt-BR":"Pousada","en-US":"Guesthouse (pousada)","es-ES":"Posada","fr-CA":"Auberge","it-IT":"Locanda"}',
 '{"pt-BR":"Hospedagem menor e acolhedora, muitas vezes familiar, com café da manhã e atendimento próximo.","en-US":"A smaller, cosy lodging, often family-run, with breakfast and personal service.","es-ES":"Alojamiento pequeño y acogedor, a menudo familiar, con desayuno y trato cercano.","fr-CA":"Hébergement plus petit et chaleureux, souvent familial, avec déjeuner et service personnalisé.","it-IT":"Struttura piccola e accogliente, spesso a gestione familiare, con colazione e servizio personale."}',
 'pousada', false, 2),
('b7e00000-0000-4000-8000-000000000003', 'bed-and-breakfast',
 '{"pt-BR":"Cama e café (B&B)","en-US":"Bed & breakfast","es-ES":"Bed & breakfast","fr-CA":"Gîte du passant (B&B)","it-IT":"Bed & breakfast"}',
 '{"pt-BR":"Poucos quartos na casa do anfitrião, com café da manhã incluído.","en-US":"A few rooms in the host''s home, with breakfast included.","es-ES":"Pocas habitaciones en la casa del anfitrión, con desayuno incluido.","fr-CA":"Quelques chambres chez l''hôte, déjeuner inclus.","it-IT":"Poche camere nella casa del proprietario, con colazione inclusa."}',
 'bed-and-breakfast', true, 3),
('b7e00000-0000-4000-8000-000000000004', 'hostel',
 '{"pt-BR":"Hostel","en-US":"Hostel","es-ES":"Albergue (hostel)","fr-CA":"Auberge de jeunesse","it-IT":"Ostello"}',
 '{"pt-BR":"Quartos compartilhados e privativos a preços acessíveis, com áreas comuns.","en-US":"Shared and private rooms at affordable prices, with common areas.","es-ES":"Habitaciones compartidas y privadas a precios asequibles, con zonas comunes.","fr-CA":"Chambres partagées et privées à prix abordables, avec espaces communs.","it-IT":"Camere condivise e private a prezzi accessibili, con spazi comuni."}',
 'hostel', false, 4),
('b7e00000-0000-4000-8000-000000000005', 'resort',
 '{"pt-BR":"Resort","en-US":"Resort","es-ES":"Resort","fr-CA":"Centre de villégiature","it-IT":"Resort"}',
 '{"pt-BR":"Complexo com lazer, alimentação e atividades no próprio local.","en-US":"A complex with leisure, dining and activities on site.","es-ES":"Complejo con ocio, restauración y actividades en el propio lugar.","fr-CA":"Complexe offrant loisirs, restauration et activités sur place.","it-IT":"Complesso con svago, ristorazione e attività in loco."}',
 'resort', false, 5),
('b7e00000-0000-4000-8000-000000000006', 'vacation-rental',
 '{"pt-BR":"Aluguel por temporada","en-US":"Vacation rental","es-ES":"Alquiler vacacional","fr-CA":"Location de vacances","it-IT":"Casa vacanze"}',
 '{"pt-BR":"Casas, apartamentos ou chalés alugados por inteiro, por diária ou temporada.","en-US":"Whole houses, apartments or cabins rented by the night or by the season.","es-ES":"Casas, apartamentos o cabañas completos alquilados por noche o por temporada.","fr-CA":"Maisons, appartements ou chalets entiers loués à la nuit ou à la saison.","it-IT":"Case, appartamenti o chalet interi affittati a notte o a stagione."}',
 'vacation-rental', false, 6),
('b7e00000-0000-4000-8000-000000000007', 'motel',
 '{"pt-BR":"Motel","en-US":"Motel","es-ES":"Motel","fr-CA":"Motel","it-IT":"Motel"}',
 '{"pt-BR":"Hospedagem de curta permanência, com acesso direto ao quarto pelo estacionamento.","en-US":"Short-stay lodging with rooms opening onto the parking area.","es-ES":"Alojamiento de estancia corta con acceso directo a la habitación desde el aparcamiento.","fr-CA":"Hébergement de courte durée avec accès direct aux chambres depuis le stationnement.","it-IT":"Struttura per soggiorni brevi con accesso diretto alle camere dal parcheggio."}',
 'motel', false, 7),
('b7e00000-0000-4000-8000-000000000008', 'cabins',
 '{"pt-BR":"Chalés e cabanas","en-US":"Cabins & chalets","es-ES":"Cabañas y chalés","fr-CA":"Chalets et prêts-à-camper","it-IT":"Chalet e baite"}',
 '{"pt-BR":"Unidades independentes em meio à natureza, como chalés, cabanas ou glamping.","en-US":"Stand-alone units in nature, such as cabins, chalets or glamping tents.","es-ES":"Unidades independientes en plena naturaleza, como cabañas, chalés o glamping.","fr-CA":"Unités indépendantes en nature : chalets, cabines ou prêts-à-camper.","it-IT":"Unità indipendenti nella natura, come chalet, baite o glamping."}',
 'cabins', false, 8)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
-- 1 is the built-in PMS (no credentials; bookings are kept in Tarifa itself). 2 and 3 are sample
-- external systems whose connector is simulated (api/services/business-pms.ts): they show the
-- credential form and the status flow until a real integration replaces them.
INSERT INTO "pms_systems" ("id", "name", "settings", "image", "pms_default", "is_active") VALUES
(1, 'Tarifa PMS', '{"auth_url":null,"fields":[]}', NULL, true, true),
(2, 'StayLink', '{"auth_url":"https://staylink.example/api/auth","fields":[{"name":"username","label":{"pt-BR":"Usuário","en-US":"Username","es-ES":"Usuario","fr-CA":"Nom d''utilisateur","it-IT":"Nome utente"},"type":"text","required":true},{"name":"password","label":{"pt-BR":"Senha","en-US":"Password","es-ES":"Contraseña","fr-CA":"Mot de passe","it-IT":"Password"},"type":"password","required":true},{"name":"property_id","label":{"pt-BR":"ID da propriedade","en-US":"Property ID","es-ES":"ID del establecimiento","fr-CA":"ID de l''établissement","it-IT":"ID della struttura"},"type":"text","required":true}]}', NULL, false, true),
(3, 'HostFlow', '{"auth_url":"https://api.hostflow.example/oauth/token","fields":[{"name":"api_key","label":{"pt-BR":"Chave de API","en-US":"API key","es-ES":"Clave de API","fr-CA":"Clé d''API","it-IT":"Chiave API"},"type":"password","required":true},{"name":"property_id","label":{"pt-BR":"ID da propriedade","en-US":"Property ID","es-ES":"ID del establecimiento","fr-CA":"ID de l''établissement","it-IT":"ID della struttura"},"type":"text","required":true}]}', NULL, false, true)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('pms_systems', 'id'), GREATEST((SELECT max("id") FROM "pms_systems"), 1));
