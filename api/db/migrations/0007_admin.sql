CREATE TABLE "permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"guard" text NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" uuid NOT NULL,
	"permission_id" uuid NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_permissions_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_permissions_permission_idx" ON "user_permissions" USING btree ("permission_id");--> statement-breakpoint
-- Reference data: the spec's permission names (domain/access/permissions.ts PERMISSIONS), present in every database.
INSERT INTO "permissions" ("name", "description", "guard", "system") VALUES
	('user.dashboard', '{"pt-BR":"Ver o painel com os indicadores do negócio","en-US":"See the dashboard with the business''s indicators","es-ES":"Ver el panel con los indicadores del negocio","fr-CA":"Voir le tableau de bord avec les indicateurs de l''établissement","it-IT":"Vedere la dashboard con gli indicatori della struttura"}'::jsonb, 'user', true),
	('user.calendar', '{"pt-BR":"Ver e ajustar o calendário de preços","en-US":"See and adjust the price calendar","es-ES":"Ver y ajustar el calendario de precios","fr-CA":"Voir et ajuster le calendrier des prix","it-IT":"Vedere e regolare il calendario dei prezzi"}'::jsonb, 'user', true),
	('user.reservations', '{"pt-BR":"Ver e gerir as reservas","en-US":"See and manage reservations","es-ES":"Ver y gestionar las reservas","fr-CA":"Voir et gérer les réservations","it-IT":"Vedere e gestire le prenotazioni"}'::jsonb, 'user', true),
	('user.businesses', '{"pt-BR":"Ver e editar os dados do negócio","en-US":"See and edit the business details","es-ES":"Ver y editar los datos del negocio","fr-CA":"Voir et modifier les données de l''établissement","it-IT":"Vedere e modificare i dati della struttura"}'::jsonb, 'user', true),
	('user.availability', '{"pt-BR":"Ver e ajustar a disponibilidade","en-US":"See and adjust availability","es-ES":"Ver y ajustar la disponibilidad","fr-CA":"Voir et ajuster la disponibilité","it-IT":"Vedere e regolare la disponibilità"}'::jsonb, 'user', true),
	('user.pms-settings', '{"pt-BR":"Configurar o PMS","en-US":"Configure the PMS","es-ES":"Configurar el PMS","fr-CA":"Configurer le PMS","it-IT":"Configurare il PMS"}'::jsonb, 'user', true),
	('user.price-settings', '{"pt-BR":"Configurar a precificação","en-US":"Configure pricing","es-ES":"Configurar los precios","fr-CA":"Configurer la tarification","it-IT":"Configurare i prezzi"}'::jsonb, 'user', true),
	('user.business-intelligence', '{"pt-BR":"Ver os relatórios de business intelligence","en-US":"See the business intelligence reports","es-ES":"Ver los informes de business intelligence","fr-CA":"Voir les rapports d''intelligence d''affaires","it-IT":"Vedere i report di business intelligence"}'::jsonb, 'user', true),
	('user.competitor-analysis', '{"pt-BR":"Ver a análise de concorrentes","en-US":"See the competitor analysis","es-ES":"Ver el análisis de competidores","fr-CA":"Voir l''analyse des concurrents","it-IT":"Vedere l''analisi dei concorrenti"}'::jsonb, 'user', true),
	('user.collaborators', '{"pt-BR":"Gerir os colaboradores do negócio","en-US":"Manage the business''s collaborators","es-ES":"Gestionar los colaboradores del negocio","fr-CA":"Gérer les collaborateurs de l''établissement","it-IT":"Gestire i collaboratori della struttura"}'::jsonb, 'user', true),
	('user.learning', '{"pt-BR":"Acessar os conteúdos de aprendizagem","en-US":"Open the learning content","es-ES":"Acceder a los contenidos de aprendizaje","fr-CA":"Accéder aux contenus de formation","it-IT":"Accedere ai contenuti formativi"}'::jsonb, 'user', true),
	('user.chat-ai', '{"pt-BR":"Usar o chat com IA","en-US":"Use the AI chat","es-ES":"Usar el chat con IA","fr-CA":"Utiliser le clavardage IA","it-IT":"Usare la chat con IA"}'::jsonb, 'user', true),
	('user.rooms-overview', '{"pt-BR":"Ver a visão geral dos quartos","en-US":"See the rooms overview","es-ES":"Ver el resumen de habitaciones","fr-CA":"Voir l''aperçu des chambres","it-IT":"Vedere la panoramica delle camere"}'::jsonb, 'user', true),
	('admin.users', '{"pt-BR":"Administrar as contas de usuários","en-US":"Manage user accounts","es-ES":"Administrar las cuentas de usuarios","fr-CA":"Gérer les comptes utilisateurs","it-IT":"Gestire gli account utente"}'::jsonb, 'admin', true),
	('admin.businesses', '{"pt-BR":"Administrar todos os negócios","en-US":"Manage every business","es-ES":"Administrar todos los negocios","fr-CA":"Gérer tous les établissements","it-IT":"Gestire tutte le strutture"}'::jsonb, 'admin', true),
	('admin.permissions', '{"pt-BR":"Administrar as permissões e a quem são atribuídas","en-US":"Manage permissions and who holds them","es-ES":"Administrar los permisos y a quién se asignan","fr-CA":"Gérer les permissions et leurs titulaires","it-IT":"Gestire i permessi e a chi sono assegnati"}'::jsonb, 'admin', true),
	('admin.learning', '{"pt-BR":"Administrar os conteúdos de aprendizagem","en-US":"Manage the learning content","es-ES":"Administrar los contenidos de aprendizaje","fr-CA":"Gérer les contenus de formation","it-IT":"Gestire i contenuti formativi"}'::jsonb, 'admin', true)
ON CONFLICT ("name") DO UPDATE SET "system" = true, "guard" = excluded."guard";
