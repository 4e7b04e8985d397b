PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO meta VALUES('schema_version','3');
INSERT INTO meta VALUES('log_schema','2');
INSERT INTO meta VALUES('generator','inlinetune db');
CREATE TABLE builds (
  build TEXT PRIMARY KEY,
  paths TEXT NOT NULL,
  files INTEGER NOT NULL,
  tus INTEGER NOT NULL,
  errors INTEGER NOT NULL
);
INSERT INTO builds VALUES('base','["base"]',4,3,0);
CREATE TABLE tus (
  build TEXT NOT NULL REFERENCES builds(build),
  tu INTEGER NOT NULL,
  key TEXT NOT NULL,
  source TEXT NOT NULL,
  object TEXT NOT NULL,
  origin TEXT NOT NULL,
  origin_index INTEGER NOT NULL,
  log_schema INTEGER NOT NULL,
  gcc_version TEXT NOT NULL,
  gcc_target TEXT NOT NULL,
  tag TEXT NOT NULL,
  policy_md5 TEXT,
  params TEXT NOT NULL,
  lto INTEGER NOT NULL,
  has_symbols INTEGER NOT NULL,
  records INTEGER NOT NULL,
  PRIMARY KEY (build, tu)
);
INSERT INTO tus VALUES('base',0,'fs/open.c','fs/open.c','../base/fs/open.o','base/fs/open.o',1,2,'12.2.0','x86_64-linux-gnu','base','7bcd912ae7b8373faf2c03eccfd897fe','{"early-inlining-insns":"6","max-early-inliner-iterations":"1","inline-heuristics-hint-percent":"200","inline-min-speedup":"30","max-inline-insns-auto":"15","max-inline-insns-single":"70","max-inline-insns-size":"0","max-inline-insns-small":"0","max-inline-insns-recursive":"450","max-inline-insns-recursive-auto":"450","max-inline-recursive-depth":"8","max-inline-recursive-depth-auto":"8","inline-unit-growth":"40","large-function-growth":"100","large-function-insns":"2700","large-stack-frame":"256","large-stack-frame-growth":"1000","large-unit-insns":"10000","uninlined-function-insns":"2","uninlined-function-time":"0","uninlined-thunk-insns":"2","uninlined-thunk-time":"2"}',0,1,36);
INSERT INTO tus VALUES('base',1,'lib/names.cc','lib/names.cc','../base/lib/names.o','base/logs/..%base%lib%names.o.jsonl',1,2,'12.2.0','x86_64-linux-gnu','base','7bcd912ae7b8373faf2c03eccfd897fe','{"early-inlining-insns":"6","max-early-inliner-iterations":"1","inline-heuristics-hint-percent":"200","inline-min-speedup":"30","max-inline-insns-auto":"15","max-inline-insns-single":"70","max-inline-insns-size":"0","max-inline-insns-small":"0","max-inline-insns-recursive":"450","max-inline-insns-recursive-auto":"450","max-inline-recursive-depth":"8","max-inline-recursive-depth-auto":"8","inline-unit-growth":"40","large-function-growth":"100","large-function-insns":"2700","large-stack-frame":"256","large-stack-frame-growth":"1000","large-unit-insns":"10000","uninlined-function-insns":"2","uninlined-function-time":"0","uninlined-thunk-insns":"2","uninlined-thunk-time":"2"}',0,0,42);
INSERT INTO tus VALUES('base',2,'mm/slab.c','mm/slab.c','../base/mm/slab.o','base/mm/slab.o',1,2,'12.2.0','x86_64-linux-gnu','base','7bcd912ae7b8373faf2c03eccfd897fe','{"early-inlining-insns":"6","max-early-inliner-iterations":"1","inline-heuristics-hint-percent":"200","inline-min-speedup":"30","max-inline-insns-auto":"15","max-inline-insns-single":"70","max-inline-insns-size":"0","max-inline-insns-small":"0","max-inline-insns-recursive":"450","max-inline-insns-recursive-auto":"450","max-inline-recursive-depth":"8","max-inline-recursive-depth-auto":"8","inline-unit-growth":"40","large-function-growth":"100","large-function-insns":"2700","large-stack-frame":"256","large-stack-frame-growth":"1000","large-unit-insns":"10000","uninlined-function-insns":"2","uninlined-function-time":"0","uninlined-thunk-insns":"2","uninlined-thunk-time":"2"}',0,1,266);
CREATE TABLE sites (
  build TEXT NOT NULL,
  tu INTEGER NOT NULL,
  line INTEGER NOT NULL,
  id TEXT NOT NULL,
  pass TEXT NOT NULL,
  caller TEXT NOT NULL,
  caller_symbol TEXT NOT NULL,
  lexical_caller TEXT NOT NULL,
  lexical_caller_symbol TEXT NOT NULL,
  callee TEXT NOT NULL,
  callee_symbol TEXT NOT NULL,
  callee_clone TEXT,
  location TEXT NOT NULL,
  chain TEXT NOT NULL,
  inlined INTEGER NOT NULL,
  reason TEXT NOT NULL,
  reason_text TEXT NOT NULL,
  callee_size INTEGER,
  growth INTEGER,
  caller_size_before INTEGER,
  caller_size_after INTEGER,
  count INTEGER,
  frequency REAL,
  hot INTEGER,
  limit_param TEXT,
  limit_value INTEGER,
  limit_params_of TEXT,
  flip_at INTEGER,
  PRIMARY KEY (build, tu, line),
  FOREIGN KEY (build, tu) REFERENCES tus(build, tu)
);
INSERT INTO sites VALUES('base',0,2,'30a7ad1946ab6057','einline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','putname','putname',NULL,'fs/open.c:42:2','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,34,34,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,3,'0defa6ffc7a45237','einline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','fd_install','fd_install',NULL,'fs/open.c:39:4','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,34,34,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,4,'e00c7017ce642893','einline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','fsnotify_open','fsnotify_open',NULL,'fs/open.c:38:4','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,34,34,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,5,'4063e77ef310df10','einline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','put_unused_fd','put_unused_fd',NULL,'fs/open.c:35:4','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,34,34,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,6,'737bb7e4bb556a6b','einline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_filp_open','do_filp_open',NULL,'fs/open.c:33:20','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,34,34,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,7,'e523f475bb008316','einline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','get_unused_fd_flags','get_unused_fd_flags',NULL,'fs/open.c:31:7','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,34,34,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,8,'3922cef112e26926','einline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','getname','getname',NULL,'fs/open.c:28:8','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,34,34,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,9,'068c47ae9bbbc001','einline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','build_open_flags','build_open_flags',NULL,'fs/open.c:23:11','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,34,34,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,10,'d91b3e654d0a6399','einline','do_sys_open','do_sys_open','do_sys_open','do_sys_open','build_open_how','build_open_how',NULL,'fs/open.c:56:24','["do_sys_open"]',1,'OK','inlined',11,NULL,11,14,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,11,'17c1825fe3163c86','einline','do_sys_open','do_sys_open','do_sys_open','do_sys_open','do_sys_openat2','do_sys_openat2',NULL,'fs/open.c:57:9','["do_sys_open"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',36,28,11,14,NULL,1.0,1,'early-inlining-insns',6,'do_sys_open',252);
INSERT INTO sites VALUES('base',0,12,'562ca347ea029d8f','einline','sys_open','sys_open','sys_open','sys_open','do_sys_open','do_sys_open',NULL,'fs/open.c:62:9','["sys_open"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',16,7,7,7,NULL,1.0,1,'early-inlining-insns',6,'sys_open',14);
INSERT INTO sites VALUES('base',0,13,'ea0c6a2d5d2f42ab','einline','sys_openat','sys_openat','sys_openat','sys_openat','do_sys_open','do_sys_open',NULL,'fs/open.c:67:9','["sys_openat"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',16,7,7,7,NULL,1.0,1,'early-inlining-insns',6,'sys_openat',14);
INSERT INTO sites VALUES('base',0,14,'671c28d04646d05e','einline','sys_openat2','sys_openat2','sys_openat2','sys_openat2','do_sys_openat2','do_sys_openat2',NULL,'fs/open.c:78:9','["sys_openat2"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',36,28,21,21,NULL,1.0,1,'early-inlining-insns',6,'sys_openat2',252);
INSERT INTO sites VALUES('base',0,15,'528922ab1adb5d17','einline','sys_openat2','sys_openat2','sys_openat2','sys_openat2','copy_struct_from_user','copy_struct_from_user',NULL,'fs/open.c:73:13','["sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,21,21,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,16,'671c28d04646d05e','inline','sys_openat2','sys_openat2','sys_openat2','sys_openat2','do_sys_openat2','do_sys_openat2',NULL,'fs/open.c:78:9','["sys_openat2"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',36,28,22,22,NULL,0.65999999735504388809,1,'max-inline-insns-auto',15,'sys_openat2',29);
INSERT INTO sites VALUES('base',0,17,'528922ab1adb5d17','inline','sys_openat2','sys_openat2','sys_openat2','sys_openat2','copy_struct_from_user','copy_struct_from_user',NULL,'fs/open.c:73:13','["sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,22,22,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,18,'ea0c6a2d5d2f42ab','inline','sys_openat','sys_openat','sys_openat','sys_openat','do_sys_open','do_sys_open',NULL,'fs/open.c:67:9','["sys_openat"]',1,'OK','inlined',16,7,9,16,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,19,'17c1825fe3163c86','inline','sys_openat','sys_openat','do_sys_open','do_sys_open','do_sys_openat2','do_sys_openat2',NULL,'fs/open.c:57:9','["sys_openat","do_sys_open"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',36,28,9,16,NULL,1.0,1,'max-inline-insns-auto',12,'do_sys_open',29);
INSERT INTO sites VALUES('base',0,20,'562ca347ea029d8f','inline','sys_open','sys_open','sys_open','sys_open','do_sys_open','do_sys_open',NULL,'fs/open.c:62:9','["sys_open"]',1,'OK','inlined',16,7,9,16,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,21,'17c1825fe3163c86','inline','sys_open','sys_open','do_sys_open','do_sys_open','do_sys_openat2','do_sys_openat2',NULL,'fs/open.c:57:9','["sys_open","do_sys_open"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',36,28,9,16,NULL,1.0,1,'max-inline-insns-auto',12,'do_sys_open',29);
INSERT INTO sites VALUES('base',0,22,'17c1825fe3163c86','inline','do_sys_open','do_sys_open','do_sys_open','do_sys_open','do_sys_openat2','do_sys_openat2',NULL,'fs/open.c:57:9','["do_sys_open"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',36,28,16,16,NULL,1.0,1,'max-inline-insns-auto',12,'do_sys_open',29);
INSERT INTO sites VALUES('base',0,23,'30a7ad1946ab6057','inline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','putname','putname',NULL,'fs/open.c:42:2','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,36,36,NULL,0.23892543651163578033,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,24,'0defa6ffc7a45237','inline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','fd_install','fd_install',NULL,'fs/open.c:39:4','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,36,36,NULL,0.049553136341273784637,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,25,'e00c7017ce642893','inline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','fsnotify_open','fsnotify_open',NULL,'fs/open.c:38:4','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,36,36,NULL,0.049553136341273784637,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,26,'4063e77ef310df10','inline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','put_unused_fd','put_unused_fd',NULL,'fs/open.c:35:4','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,36,36,NULL,0.049553136341273784637,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,27,'737bb7e4bb556a6b','inline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_filp_open','do_filp_open',NULL,'fs/open.c:33:20','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,36,36,NULL,0.099106271751224994659,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,28,'e523f475bb008316','inline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','get_unused_fd_flags','get_unused_fd_flags',NULL,'fs/open.c:31:7','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,36,36,NULL,0.23892543651163578033,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,29,'3922cef112e26926','inline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','getname','getname',NULL,'fs/open.c:28:8','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,36,36,NULL,0.48879999667406082153,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',0,30,'068c47ae9bbbc001','inline','do_sys_openat2','do_sys_openat2','do_sys_openat2','do_sys_openat2','build_open_flags','build_open_flags',NULL,'fs/open.c:23:11','["do_sys_openat2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,36,36,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,2,'3573861e346284c4','einline','ns::pick(int)','_ZN2nsL4pickEi','ns::pick(int)','_ZN2nsL4pickEi','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:12:55','["_ZN2nsL4pickEi"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,10,10,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,3,'356ffa1e345f6109','einline','ns::pick(int)','_ZN2nsL4pickEi','ns::pick(int)','_ZN2nsL4pickEi','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:12:45','["_ZN2nsL4pickEi"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,10,10,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,4,'6a00fd6080d9ae73','einline','int ns::scale<int>(int)','_ZN2nsL5scaleIiEET_S1_','int ns::scale<int>(int)','_ZN2nsL5scaleIiEET_S1_','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:11:60','["_ZN2nsL5scaleIiEET_S1_"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,5,5,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,5,'2218d98967758764','einline','double ns::scale<double>(double)','_ZN2nsL5scaleIdEET_S1_','double ns::scale<double>(double)','_ZN2nsL5scaleIdEET_S1_','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:11:60','["_ZN2nsL5scaleIdEET_S1_"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,7,7,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,6,'9d70b2b3853dac0b','einline','ns::pick(long)','_ZN2nsL4pickEl','ns::pick(long)','_ZN2nsL4pickEl','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:13:47','["_ZN2nsL4pickEl"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,5,5,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,7,'bfc6c49868e2711f','einline','ns::cls::get() const','_ZNK2ns3cls3getEv','ns::cls::get() const','_ZNK2ns3cls3getEv','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:8:32','["_ZNK2ns3cls3getEv"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,6,6,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,8,'8ae3aec0d5cab326','einline','entry(int)::{lambda(int)#1}::operator()(int) const','_ZZ5entryiENKUliE_clEi','entry(int)::{lambda(int)#1}::operator()(int) const','_ZZ5entryiENKUliE_clEi','ns::cls::get() const','_ZNK2ns3cls3getEv',NULL,'lib/names.cc:23:51','["_ZZ5entryiENKUliE_clEi"]',1,'OK','inlined',8,NULL,9,11,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,9,'bfc6c49868e2711f','einline','entry(int)::{lambda(int)#1}::operator()(int) const','_ZZ5entryiENKUliE_clEi','ns::cls::get() const','_ZNK2ns3cls3getEv','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:8:32','["_ZZ5entryiENKUliE_clEi","_ZNK2ns3cls3getEv"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,9,11,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,10,'37edaf653c98c961','einline','entry(int)::{lambda(int)#1}::operator()(int) const','_ZZ5entryiENKUliE_clEi','entry(int)::{lambda(int)#1}::operator()(int) const','_ZZ5entryiENKUliE_clEi','ns::pick(int)','_ZN2nsL4pickEi',NULL,'lib/names.cc:23:40','["_ZZ5entryiENKUliE_clEi"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',12,6,9,11,NULL,1.0,1,'early-inlining-insns',6,'_ZZ5entryiENKUliE_clEi',18);
INSERT INTO sites VALUES('base',1,11,'8e349b8e24515abb','einline','ns::cls::twice(int)','_ZN2ns3cls5twiceEi','ns::cls::twice(int)','_ZN2ns3cls5twiceEi','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:9:40','["_ZN2ns3cls5twiceEi"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,5,5,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,12,'b41312720d788506','einline','vec::operator+(vec const&) const','_ZNK3vecplERKS_','vec::operator+(vec const&) const','_ZNK3vecplERKS_','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:18:59','["_ZNK3vecplERKS_"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,12,12,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,13,'6f126848fc6aabf9','einline','entry(int)','_Z5entryi','entry(int)','_Z5entryi','ns::cls::twice(int)','_ZN2ns3cls5twiceEi',NULL,'lib/names.cc:25:31','["_Z5entryi"]',1,'OK','inlined',7,NULL,44,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,14,'984ea1cbf12153ce','einline','entry(int)','_Z5entryi','entry(int)','_Z5entryi','int ns::scale<int>(int)','_ZN2nsL5scaleIiEET_S1_',NULL,'lib/names.cc:25:46','["_Z5entryi"]',1,'OK','inlined',7,NULL,44,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,15,'f00253e68156326a','einline','entry(int)','_Z5entryi','entry(int)','_Z5entryi','double ns::scale<double>(double)','_ZN2nsL5scaleIdEET_S1_',NULL,'lib/names.cc:25:65','["_Z5entryi"]',1,'OK','inlined',9,NULL,44,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,16,'2218d98967758764','einline','entry(int)','_Z5entryi','double ns::scale<double>(double)','_ZN2nsL5scaleIdEET_S1_','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:11:60','["_Z5entryi","_ZN2nsL5scaleIdEET_S1_"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,44,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,17,'6a00fd6080d9ae73','einline','entry(int)','_Z5entryi','int ns::scale<int>(int)','_ZN2nsL5scaleIiEET_S1_','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:11:60','["_Z5entryi","_ZN2nsL5scaleIiEET_S1_"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,44,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,18,'8e349b8e24515abb','einline','entry(int)','_Z5entryi','ns::cls::twice(int)','_ZN2ns3cls5twiceEi','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:9:40','["_Z5entryi","_ZN2ns3cls5twiceEi"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,44,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,19,'c80fee11811d4643','einline','entry(int)','_Z5entryi','entry(int)','_Z5entryi','ns::pick(long)','_ZN2nsL4pickEl',NULL,'lib/names.cc:25:86','["_Z5entryi"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',7,1,44,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,20,'93c7e117606657b3','einline','entry(int)','_Z5entryi','entry(int)','_Z5entryi','entry(int)::{lambda(int)#1}::operator()(int) const','_ZZ5entryiENKUliE_clEi',NULL,'lib/names.cc:25:11','["_Z5entryi"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',13,6,44,49,NULL,1.0,1,'early-inlining-insns',6,'_Z5entryi',18);
INSERT INTO sites VALUES('base',1,21,'7075b25052bd4b27','einline','entry(int)','_Z5entryi','entry(int)','_Z5entryi','vec::operator+(vec const&) const','_ZNK3vecplERKS_',NULL,'lib/names.cc:24:31','["_Z5entryi"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',14,5,44,49,NULL,1.0,1,'early-inlining-insns',6,'_Z5entryi',10);
INSERT INTO sites VALUES('base',1,22,'c80fee11811d4643','inline','entry(int)','_Z5entryi','entry(int)','_Z5entryi','ns::pick(long)','_ZN2nsL4pickEl',NULL,'lib/names.cc:25:86','["_Z5entryi"]',0,'NEVER_INLINE_LIST','function is on inlinetune''s never-inline list',7,NULL,45,55,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,23,'2218d98967758764','inline','entry(int)','_Z5entryi','double ns::scale<double>(double)','_ZN2nsL5scaleIdEET_S1_','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:11:60','["_Z5entryi"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,45,55,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,24,'6a00fd6080d9ae73','inline','entry(int)','_Z5entryi','int ns::scale<int>(int)','_ZN2nsL5scaleIiEET_S1_','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:11:60','["_Z5entryi"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,45,55,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,25,'8e349b8e24515abb','inline','entry(int)','_Z5entryi','ns::cls::twice(int)','_ZN2ns3cls5twiceEi','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:9:40','["_Z5entryi"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,45,55,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,26,'93c7e117606657b3','inline','entry(int)','_Z5entryi','entry(int)','_Z5entryi','entry(int)::{lambda(int)#1}::operator()(int) const','_ZZ5entryiENKUliE_clEi',NULL,'lib/names.cc:25:11','["_Z5entryi"]',1,'OK','inlined',13,6,45,55,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,27,'bfc6c49868e2711f','inline','entry(int)','_Z5entryi','ns::cls::get() const','_ZNK2ns3cls3getEv','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:8:32','["_Z5entryi","_ZZ5entryiENKUliE_clEi"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,45,55,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,28,'37edaf653c98c961','inline','entry(int)','_Z5entryi','entry(int)::{lambda(int)#1}::operator()(int) const','_ZZ5entryiENKUliE_clEi','ns::pick(int)','_ZN2nsL4pickEi',NULL,'lib/names.cc:23:40','["_Z5entryi","_ZZ5entryiENKUliE_clEi"]',0,'NEVER_INLINE_LIST','function is on inlinetune''s never-inline list',12,NULL,45,55,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,29,'7075b25052bd4b27','inline','entry(int)','_Z5entryi','entry(int)','_Z5entryi','vec::operator+(vec const&) const','_ZNK3vecplERKS_',NULL,'lib/names.cc:24:31','["_Z5entryi"]',1,'OK','inlined',14,5,45,55,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,30,'b41312720d788506','inline','entry(int)','_Z5entryi','vec::operator+(vec const&) const','_ZNK3vecplERKS_','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:18:59','["_Z5entryi","_ZNK3vecplERKS_"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,45,55,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,31,'9d70b2b3853dac0b','inline','ns::pick(long)','_ZN2nsL4pickEl','ns::pick(long)','_ZN2nsL4pickEl','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:13:47','["_ZN2nsL4pickEl"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,7,7,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,32,'3573861e346284c4','inline','ns::pick(int)','_ZN2nsL4pickEi','ns::pick(int)','_ZN2nsL4pickEi','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:12:55','["_ZN2nsL4pickEi"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,12,12,NULL,0.50000000093132257461,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',1,33,'356ffa1e345f6109','inline','ns::pick(int)','_ZN2nsL4pickEi','ns::pick(int)','_ZN2nsL4pickEi','ns::work(int)','_ZN2ns4workEi',NULL,'lib/names.cc:12:45','["_ZN2nsL4pickEi"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,12,12,NULL,0.50000000093132257461,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,2,'8e4555ba568434e3','einline','h2','h2','h2','h2','step','step',NULL,'mm/slab.c:11:24','["h2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,7,7,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,3,'8e4555ba568434e3','einline','h2','h2','h2','h2','step','step',NULL,'mm/slab.c:11:24','["h2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,7,7,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,4,'ddf96a6723f08c88','einline','h3','h3','h3','h3','step','step',NULL,'mm/slab.c:12:27','["h3"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,10,10,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,5,'ddf96d6723f091a1','einline','h3','h3','h3','h3','step','step',NULL,'mm/slab.c:12:24','["h3"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,10,10,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,6,'ddf96d6723f091a1','einline','h3','h3','h3','h3','step','step',NULL,'mm/slab.c:12:24','["h3"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,10,10,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,7,'53bd0cb9c2687ff7','einline','h4','h4','h4','h4','step','step',NULL,'mm/slab.c:13:24','["h4"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,13,13,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,8,'53bd0cb9c2687ff7','einline','h4','h4','h4','h4','step','step',NULL,'mm/slab.c:13:24','["h4"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,13,13,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,9,'53bd0cb9c2687ff7','einline','h4','h4','h4','h4','step','step',NULL,'mm/slab.c:13:24','["h4"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,13,13,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,10,'53bd0cb9c2687ff7','einline','h4','h4','h4','h4','step','step',NULL,'mm/slab.c:13:24','["h4"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,13,13,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,11,'0240d352679e7478','einline','h5','h5','h5','h5','step','step',NULL,'mm/slab.c:14:27','["h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,16,16,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,12,'0240d652679e7991','einline','h5','h5','h5','h5','step','step',NULL,'mm/slab.c:14:24','["h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,16,16,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,13,'0240d652679e7991','einline','h5','h5','h5','h5','step','step',NULL,'mm/slab.c:14:24','["h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,16,16,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,14,'0240d652679e7991','einline','h5','h5','h5','h5','step','step',NULL,'mm/slab.c:14:24','["h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,16,16,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,15,'0240d652679e7991','einline','h5','h5','h5','h5','step','step',NULL,'mm/slab.c:14:24','["h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,16,16,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,16,'9f46fa06dd9c026e','einline','h6','h6','h6','h6','step','step',NULL,'mm/slab.c:15:27','["h6"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,19,19,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,17,'9f46fa06dd9c026e','einline','h6','h6','h6','h6','step','step',NULL,'mm/slab.c:15:27','["h6"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,19,19,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,18,'9f46f906dd9c00bb','einline','h6','h6','h6','h6','step','step',NULL,'mm/slab.c:15:24','["h6"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,19,19,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,19,'9f46f906dd9c00bb','einline','h6','h6','h6','h6','step','step',NULL,'mm/slab.c:15:24','["h6"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,19,19,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,20,'9f46f906dd9c00bb','einline','h6','h6','h6','h6','step','step',NULL,'mm/slab.c:15:24','["h6"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,19,19,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,21,'9f46f906dd9c00bb','einline','h6','h6','h6','h6','step','step',NULL,'mm/slab.c:15:24','["h6"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,19,19,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,22,'e9f4a8501a71877c','einline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:30','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,22,22,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,23,'e9f827501a749520','einline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:27','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,22,22,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,24,'e9f827501a749520','einline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:27','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,22,22,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,25,'e9f82a501a749a39','einline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:24','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,22,22,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,26,'e9f82a501a749a39','einline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:24','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,22,22,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,27,'e9f82a501a749a39','einline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:24','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,22,22,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,28,'e9f82a501a749a39','einline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:24','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,22,22,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,29,'937e7179fb9da497','einline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,25,25,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,30,'937e7179fb9da497','einline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,25,25,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,31,'937e7179fb9da497','einline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,25,25,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,32,'937e7179fb9da497','einline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,25,25,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,33,'937e7179fb9da497','einline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,25,25,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,34,'937e7179fb9da497','einline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,25,25,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,35,'937e7179fb9da497','einline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,25,25,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,36,'937e7179fb9da497','einline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,25,25,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,37,'4c5f0f0c39c720d9','einline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:28','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,31,31,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,38,'4c5f0f0c39c720d9','einline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:28','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,31,31,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,39,'4c5f1a0c39c7338a','einline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,31,31,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,40,'4c5f1a0c39c7338a','einline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,31,31,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,41,'4c5f1a0c39c7338a','einline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,31,31,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,42,'4c5f1a0c39c7338a','einline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,31,31,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,43,'4c5f1a0c39c7338a','einline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,31,31,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,44,'4c5f1a0c39c7338a','einline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,31,31,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,45,'4c5f1a0c39c7338a','einline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,31,31,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,46,'4c5f1a0c39c7338a','einline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,31,31,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,47,'ab1de7966dacaa46','einline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:28','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,37,37,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,48,'ab1de7966dacaa46','einline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:28','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,37,37,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,49,'ab1de7966dacaa46','einline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:28','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,37,37,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,50,'ab1de7966dacaa46','einline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:28','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,37,37,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,51,'ab1df4966dacc05d','einline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,37,37,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,52,'ab1df4966dacc05d','einline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,37,37,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,53,'ab1df4966dacc05d','einline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,37,37,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,54,'ab1df4966dacc05d','einline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,37,37,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,55,'ab1df4966dacc05d','einline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,37,37,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,56,'ab1df4966dacc05d','einline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,37,37,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,57,'ab1df4966dacc05d','einline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,37,37,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,58,'ab1df4966dacc05d','einline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,37,37,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,59,'b64239be547b23ce','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,60,'b64239be547b23ce','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,61,'b64239be547b23ce','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,62,'b64239be547b23ce','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,63,'b64239be547b23ce','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,64,'b64239be547b23ce','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,65,'b64239be547b23ce','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,66,'b64239be547b23ce','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,67,'b64236be547b1eb5','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,68,'b64236be547b1eb5','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,69,'b64236be547b1eb5','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,70,'b64236be547b1eb5','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,71,'b64236be547b1eb5','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,72,'b64236be547b1eb5','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,73,'b64236be547b1eb5','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,74,'b64236be547b1eb5','einline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,49,49,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,75,'a1062b2c82b40cfa','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,76,'a1062b2c82b40cfa','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,77,'a1062b2c82b40cfa','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,78,'a1062b2c82b40cfa','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,79,'a1062b2c82b40cfa','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,80,'a1062b2c82b40cfa','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,81,'a1062b2c82b40cfa','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,82,'a1062b2c82b40cfa','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,83,'a1029e2c82b0e78c','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,84,'a1029e2c82b0e78c','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,85,'a1029e2c82b0e78c','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,86,'a1029e2c82b0e78c','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,87,'a1029e2c82b0e78c','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,88,'a1029e2c82b0e78c','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,89,'a1029e2c82b0e78c','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,90,'a1029e2c82b0e78c','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,91,'a102a32c82b0f00b','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,92,'a102a32c82b0f00b','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,93,'a102a32c82b0f00b','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,94,'a102a32c82b0f00b','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,95,'a102a32c82b0f00b','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,96,'a102a32c82b0f00b','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,97,'a102a32c82b0f00b','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,98,'a102a32c82b0f00b','einline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,73,73,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,99,'e36efd8a6f1ef131','einline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h24','h24',NULL,'mm/slab.c:26:18','["kmalloc_small"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',75,69,44,44,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_small',1725);
INSERT INTO sites VALUES('base',2,100,'ec69e7536364cea8','einline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h16','h16',NULL,'mm/slab.c:26:9','["kmalloc_small"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',51,45,44,44,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_small',765);
INSERT INTO sites VALUES('base',2,101,'ac5ced44e2012fa9','einline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h12','h12',NULL,'mm/slab.c:25:74','["kmalloc_small"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',39,33,44,44,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_small',429);
INSERT INTO sites VALUES('base',2,102,'dc5d7f427639bc29','einline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h10','h10',NULL,'mm/slab.c:25:65','["kmalloc_small"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',33,27,44,44,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_small',297);
INSERT INTO sites VALUES('base',2,103,'1a8c83a14cadef4d','einline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h8','h8',NULL,'mm/slab.c:25:57','["kmalloc_small"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',27,21,44,44,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_small',189);
INSERT INTO sites VALUES('base',2,104,'39f9b2b82d47906f','einline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h7','h7',NULL,'mm/slab.c:25:49','["kmalloc_small"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',24,18,44,44,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_small',144);
INSERT INTO sites VALUES('base',2,105,'fa431ff180a54a2c','einline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h6','h6',NULL,'mm/slab.c:25:41','["kmalloc_small"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',21,15,44,44,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_small',105);
INSERT INTO sites VALUES('base',2,106,'d7d775019ec41b54','einline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h5','h5',NULL,'mm/slab.c:25:33','["kmalloc_small"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',18,12,44,44,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_small',72);
INSERT INTO sites VALUES('base',2,107,'34fac6dc48e1f2b4','einline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h4','h4',NULL,'mm/slab.c:25:25','["kmalloc_small"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',15,9,44,44,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_small',45);
INSERT INTO sites VALUES('base',2,108,'ecada6930aa3aac8','einline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h3','h3',NULL,'mm/slab.c:25:17','["kmalloc_small"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',12,6,44,44,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_small',24);
INSERT INTO sites VALUES('base',2,109,'cd0359353d4d902a','einline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h2','h2',NULL,'mm/slab.c:25:9','["kmalloc_small"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',9,3,44,44,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_small',9);
INSERT INTO sites VALUES('base',2,110,'d5e58b226de03f0e','einline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h24','h24',NULL,'mm/slab.c:32:61','["kmalloc_large"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',75,69,55,55,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_large',1725);
INSERT INTO sites VALUES('base',2,111,'6ccf0143e921022f','einline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h16','h16',NULL,'mm/slab.c:32:47','["kmalloc_large"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',51,45,55,55,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_large',765);
INSERT INTO sites VALUES('base',2,112,'fb8b3f9ecbc31801','einline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h12','h12',NULL,'mm/slab.c:32:34','["kmalloc_large"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',39,33,55,55,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_large',429);
INSERT INTO sites VALUES('base',2,113,'2a931f9b464148b1','einline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h10','h10',NULL,'mm/slab.c:32:21','["kmalloc_large"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',33,27,55,55,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_large',297);
INSERT INTO sites VALUES('base',2,114,'893fcc5f2e488040','einline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h8','h8',NULL,'mm/slab.c:32:9','["kmalloc_large"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',27,21,55,55,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_large',189);
INSERT INTO sites VALUES('base',2,115,'d1cc293b2279f71e','einline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h7','h7',NULL,'mm/slab.c:31:69','["kmalloc_large"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',24,18,55,55,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_large',144);
INSERT INTO sites VALUES('base',2,116,'65c5d5a00b5eca6c','einline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h6','h6',NULL,'mm/slab.c:31:57','["kmalloc_large"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',21,15,55,55,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_large',105);
INSERT INTO sites VALUES('base',2,117,'374d7f44a57a29f2','einline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h5','h5',NULL,'mm/slab.c:31:45','["kmalloc_large"]',0,'FORBIDDEN_CALL_SITE','call site is forbidden by an inlinetune policy',18,NULL,55,55,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,118,'3bdebcda54051290','einline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h4','h4',NULL,'mm/slab.c:31:33','["kmalloc_large"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',15,9,55,55,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_large',45);
INSERT INTO sites VALUES('base',2,119,'f4aa88074aa5405e','einline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h3','h3',NULL,'mm/slab.c:31:21','["kmalloc_large"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',12,6,55,55,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_large',24);
INSERT INTO sites VALUES('base',2,120,'195b64e7ec3b0d93','einline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h2','h2',NULL,'mm/slab.c:31:9','["kmalloc_large"]',0,'FUNCTION_NOT_CONSIDERED','function not considered for inlining',9,3,55,55,NULL,1.0,1,'early-inlining-insns',6,'kmalloc_large',9);
INSERT INTO sites VALUES('base',2,121,'d5e58b226de03f0e','inline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h24','h24',NULL,'mm/slab.c:32:61','["kmalloc_large"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',75,69,57,75,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_large',70);
INSERT INTO sites VALUES('base',2,122,'6ccf0143e921022f','inline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h16','h16',NULL,'mm/slab.c:32:47','["kmalloc_large"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',51,45,57,75,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_large',46);
INSERT INTO sites VALUES('base',2,123,'fb8b3f9ecbc31801','inline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h12','h12',NULL,'mm/slab.c:32:34','["kmalloc_large"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',39,33,57,75,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_large',34);
INSERT INTO sites VALUES('base',2,124,'2a931f9b464148b1','inline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h10','h10',NULL,'mm/slab.c:32:21','["kmalloc_large"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',33,27,57,75,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_large',28);
INSERT INTO sites VALUES('base',2,125,'893fcc5f2e488040','inline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h8','h8',NULL,'mm/slab.c:32:9','["kmalloc_large"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',27,21,57,75,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_large',22);
INSERT INTO sites VALUES('base',2,126,'d1cc293b2279f71e','inline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h7','h7',NULL,'mm/slab.c:31:69','["kmalloc_large"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',24,18,57,75,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_large',19);
INSERT INTO sites VALUES('base',2,127,'65c5d5a00b5eca6c','inline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h6','h6',NULL,'mm/slab.c:31:57','["kmalloc_large"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',21,15,57,75,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_large',16);
INSERT INTO sites VALUES('base',2,128,'374d7f44a57a29f2','inline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h5','h5',NULL,'mm/slab.c:31:45','["kmalloc_large"]',0,'FORBIDDEN_CALL_SITE','call site is forbidden by an inlinetune policy',18,NULL,57,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,129,'3bdebcda54051290','inline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h4','h4',NULL,'mm/slab.c:31:33','["kmalloc_large"]',1,'OK','inlined',15,9,57,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,130,'53bd0cb9c2687ff7','inline','kmalloc_large','kmalloc_large','h4','h4','step','step',NULL,'mm/slab.c:13:24','["kmalloc_large","h4"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,57,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,131,'53bd0cb9c2687ff7','inline','kmalloc_large','kmalloc_large','h4','h4','step','step',NULL,'mm/slab.c:13:24','["kmalloc_large","h4"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,57,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,132,'53bd0cb9c2687ff7','inline','kmalloc_large','kmalloc_large','h4','h4','step','step',NULL,'mm/slab.c:13:24','["kmalloc_large","h4"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,57,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,133,'53bd0cb9c2687ff7','inline','kmalloc_large','kmalloc_large','h4','h4','step','step',NULL,'mm/slab.c:13:24','["kmalloc_large","h4"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,57,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,134,'f4aa88074aa5405e','inline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h3','h3',NULL,'mm/slab.c:31:21','["kmalloc_large"]',1,'OK','inlined',12,6,57,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,135,'ddf96a6723f08c88','inline','kmalloc_large','kmalloc_large','h3','h3','step','step',NULL,'mm/slab.c:12:27','["kmalloc_large","h3"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,57,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,136,'ddf96d6723f091a1','inline','kmalloc_large','kmalloc_large','h3','h3','step','step',NULL,'mm/slab.c:12:24','["kmalloc_large","h3"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,57,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,137,'ddf96d6723f091a1','inline','kmalloc_large','kmalloc_large','h3','h3','step','step',NULL,'mm/slab.c:12:24','["kmalloc_large","h3"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,57,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,138,'195b64e7ec3b0d93','inline','kmalloc_large','kmalloc_large','kmalloc_large','kmalloc_large','h2','h2',NULL,'mm/slab.c:31:9','["kmalloc_large"]',1,'OK','inlined',9,3,57,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,139,'8e4555ba568434e3','inline','kmalloc_large','kmalloc_large','h2','h2','step','step',NULL,'mm/slab.c:11:24','["kmalloc_large","h2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,57,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,140,'8e4555ba568434e3','inline','kmalloc_large','kmalloc_large','h2','h2','step','step',NULL,'mm/slab.c:11:24','["kmalloc_large","h2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,57,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,141,'e36efd8a6f1ef131','inline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h24','h24',NULL,'mm/slab.c:26:18','["kmalloc_small"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',75,69,46,76,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_small',70);
INSERT INTO sites VALUES('base',2,142,'ec69e7536364cea8','inline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h16','h16',NULL,'mm/slab.c:26:9','["kmalloc_small"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',51,45,46,76,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_small',46);
INSERT INTO sites VALUES('base',2,143,'ac5ced44e2012fa9','inline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h12','h12',NULL,'mm/slab.c:25:74','["kmalloc_small"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',39,33,46,76,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_small',34);
INSERT INTO sites VALUES('base',2,144,'dc5d7f427639bc29','inline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h10','h10',NULL,'mm/slab.c:25:65','["kmalloc_small"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',33,27,46,76,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_small',28);
INSERT INTO sites VALUES('base',2,145,'1a8c83a14cadef4d','inline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h8','h8',NULL,'mm/slab.c:25:57','["kmalloc_small"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',27,21,46,76,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_small',22);
INSERT INTO sites VALUES('base',2,146,'39f9b2b82d47906f','inline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h7','h7',NULL,'mm/slab.c:25:49','["kmalloc_small"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',24,18,46,76,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_small',19);
INSERT INTO sites VALUES('base',2,147,'fa431ff180a54a2c','inline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h6','h6',NULL,'mm/slab.c:25:41','["kmalloc_small"]',0,'MAX_INLINE_INSNS_AUTO_LIMIT','--param max-inline-insns-auto limit reached',21,15,46,76,NULL,1.0,1,'max-inline-insns-auto',15,'kmalloc_small',16);
INSERT INTO sites VALUES('base',2,148,'d7d775019ec41b54','inline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h5','h5',NULL,'mm/slab.c:25:33','["kmalloc_small"]',1,'OK','inlined',18,12,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,149,'0240d652679e7991','inline','kmalloc_small','kmalloc_small','h5','h5','step','step',NULL,'mm/slab.c:14:24','["kmalloc_small","h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,150,'0240d652679e7991','inline','kmalloc_small','kmalloc_small','h5','h5','step','step',NULL,'mm/slab.c:14:24','["kmalloc_small","h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,151,'0240d652679e7991','inline','kmalloc_small','kmalloc_small','h5','h5','step','step',NULL,'mm/slab.c:14:24','["kmalloc_small","h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,152,'0240d652679e7991','inline','kmalloc_small','kmalloc_small','h5','h5','step','step',NULL,'mm/slab.c:14:24','["kmalloc_small","h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,153,'0240d352679e7478','inline','kmalloc_small','kmalloc_small','h5','h5','step','step',NULL,'mm/slab.c:14:27','["kmalloc_small","h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,154,'34fac6dc48e1f2b4','inline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h4','h4',NULL,'mm/slab.c:25:25','["kmalloc_small"]',1,'OK','inlined',15,9,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,155,'53bd0cb9c2687ff7','inline','kmalloc_small','kmalloc_small','h4','h4','step','step',NULL,'mm/slab.c:13:24','["kmalloc_small","h4"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,156,'53bd0cb9c2687ff7','inline','kmalloc_small','kmalloc_small','h4','h4','step','step',NULL,'mm/slab.c:13:24','["kmalloc_small","h4"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,157,'53bd0cb9c2687ff7','inline','kmalloc_small','kmalloc_small','h4','h4','step','step',NULL,'mm/slab.c:13:24','["kmalloc_small","h4"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,158,'53bd0cb9c2687ff7','inline','kmalloc_small','kmalloc_small','h4','h4','step','step',NULL,'mm/slab.c:13:24','["kmalloc_small","h4"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,159,'ecada6930aa3aac8','inline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h3','h3',NULL,'mm/slab.c:25:17','["kmalloc_small"]',1,'OK','inlined',12,6,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,160,'ddf96d6723f091a1','inline','kmalloc_small','kmalloc_small','h3','h3','step','step',NULL,'mm/slab.c:12:24','["kmalloc_small","h3"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,161,'ddf96d6723f091a1','inline','kmalloc_small','kmalloc_small','h3','h3','step','step',NULL,'mm/slab.c:12:24','["kmalloc_small","h3"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,162,'ddf96a6723f08c88','inline','kmalloc_small','kmalloc_small','h3','h3','step','step',NULL,'mm/slab.c:12:27','["kmalloc_small","h3"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,163,'cd0359353d4d902a','inline','kmalloc_small','kmalloc_small','kmalloc_small','kmalloc_small','h2','h2',NULL,'mm/slab.c:25:9','["kmalloc_small"]',1,'OK','inlined',9,3,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,164,'8e4555ba568434e3','inline','kmalloc_small','kmalloc_small','h2','h2','step','step',NULL,'mm/slab.c:11:24','["kmalloc_small","h2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,165,'8e4555ba568434e3','inline','kmalloc_small','kmalloc_small','h2','h2','step','step',NULL,'mm/slab.c:11:24','["kmalloc_small","h2"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,46,76,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,166,'a1062b2c82b40cfa','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,167,'a1062b2c82b40cfa','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,168,'a1062b2c82b40cfa','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,169,'a1062b2c82b40cfa','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,170,'a1062b2c82b40cfa','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,171,'a1062b2c82b40cfa','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,172,'a1062b2c82b40cfa','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,173,'a1062b2c82b40cfa','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:31','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,174,'a1029e2c82b0e78c','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,175,'a1029e2c82b0e78c','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,176,'a1029e2c82b0e78c','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,177,'a1029e2c82b0e78c','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,178,'a1029e2c82b0e78c','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,179,'a1029e2c82b0e78c','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,180,'a1029e2c82b0e78c','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,181,'a1029e2c82b0e78c','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:28','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,182,'a102a32c82b0f00b','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,183,'a102a32c82b0f00b','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,184,'a102a32c82b0f00b','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,185,'a102a32c82b0f00b','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,186,'a102a32c82b0f00b','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,187,'a102a32c82b0f00b','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,188,'a102a32c82b0f00b','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,189,'a102a32c82b0f00b','inline','h24','h24','h24','h24','step','step',NULL,'mm/slab.c:21:25','["h24"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,75,75,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,190,'b64239be547b23ce','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,191,'b64239be547b23ce','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,192,'b64239be547b23ce','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,193,'b64239be547b23ce','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,194,'b64239be547b23ce','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,195,'b64239be547b23ce','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,196,'b64239be547b23ce','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,197,'b64239be547b23ce','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:28','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,198,'b64236be547b1eb5','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,199,'b64236be547b1eb5','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,200,'b64236be547b1eb5','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,201,'b64236be547b1eb5','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,202,'b64236be547b1eb5','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,203,'b64236be547b1eb5','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,204,'b64236be547b1eb5','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,205,'b64236be547b1eb5','inline','h16','h16','h16','h16','step','step',NULL,'mm/slab.c:20:25','["h16"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,51,51,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,206,'ab1de7966dacaa46','inline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:28','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,39,39,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,207,'ab1de7966dacaa46','inline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:28','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,39,39,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,208,'ab1de7966dacaa46','inline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:28','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,39,39,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,209,'ab1de7966dacaa46','inline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:28','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,39,39,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,210,'ab1df4966dacc05d','inline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,39,39,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,211,'ab1df4966dacc05d','inline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,39,39,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,212,'ab1df4966dacc05d','inline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,39,39,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,213,'ab1df4966dacc05d','inline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,39,39,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,214,'ab1df4966dacc05d','inline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,39,39,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,215,'ab1df4966dacc05d','inline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,39,39,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,216,'ab1df4966dacc05d','inline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,39,39,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,217,'ab1df4966dacc05d','inline','h12','h12','h12','h12','step','step',NULL,'mm/slab.c:19:25','["h12"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,39,39,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,218,'4c5f0f0c39c720d9','inline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:28','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,33,33,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,219,'4c5f0f0c39c720d9','inline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:28','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,33,33,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,220,'4c5f1a0c39c7338a','inline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,33,33,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,221,'4c5f1a0c39c7338a','inline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,33,33,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,222,'4c5f1a0c39c7338a','inline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,33,33,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,223,'4c5f1a0c39c7338a','inline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,33,33,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,224,'4c5f1a0c39c7338a','inline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,33,33,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,225,'4c5f1a0c39c7338a','inline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,33,33,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,226,'4c5f1a0c39c7338a','inline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,33,33,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,227,'4c5f1a0c39c7338a','inline','h10','h10','h10','h10','step','step',NULL,'mm/slab.c:18:25','["h10"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,33,33,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,228,'937e7179fb9da497','inline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,27,27,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,229,'937e7179fb9da497','inline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,27,27,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,230,'937e7179fb9da497','inline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,27,27,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,231,'937e7179fb9da497','inline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,27,27,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,232,'937e7179fb9da497','inline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,27,27,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,233,'937e7179fb9da497','inline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,27,27,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,234,'937e7179fb9da497','inline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,27,27,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,235,'937e7179fb9da497','inline','h8','h8','h8','h8','step','step',NULL,'mm/slab.c:17:24','["h8"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,27,27,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,236,'e9f4a8501a71877c','inline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:30','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,24,24,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,237,'e9f827501a749520','inline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:27','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,24,24,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,238,'e9f827501a749520','inline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:27','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,24,24,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,239,'e9f82a501a749a39','inline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:24','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,24,24,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,240,'e9f82a501a749a39','inline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:24','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,24,24,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,241,'e9f82a501a749a39','inline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:24','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,24,24,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,242,'e9f82a501a749a39','inline','h7','h7','h7','h7','step','step',NULL,'mm/slab.c:16:24','["h7"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,24,24,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,243,'9f46fa06dd9c026e','inline','h6','h6','h6','h6','step','step',NULL,'mm/slab.c:15:27','["h6"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,21,21,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,244,'9f46fa06dd9c026e','inline','h6','h6','h6','h6','step','step',NULL,'mm/slab.c:15:27','["h6"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,21,21,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,245,'9f46f906dd9c00bb','inline','h6','h6','h6','h6','step','step',NULL,'mm/slab.c:15:24','["h6"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,21,21,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,246,'9f46f906dd9c00bb','inline','h6','h6','h6','h6','step','step',NULL,'mm/slab.c:15:24','["h6"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,21,21,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,247,'9f46f906dd9c00bb','inline','h6','h6','h6','h6','step','step',NULL,'mm/slab.c:15:24','["h6"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,21,21,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,248,'9f46f906dd9c00bb','inline','h6','h6','h6','h6','step','step',NULL,'mm/slab.c:15:24','["h6"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,21,21,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,249,'0240d352679e7478','inline','h5','h5','h5','h5','step','step',NULL,'mm/slab.c:14:27','["h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,18,18,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,250,'0240d652679e7991','inline','h5','h5','h5','h5','step','step',NULL,'mm/slab.c:14:24','["h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,18,18,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,251,'0240d652679e7991','inline','h5','h5','h5','h5','step','step',NULL,'mm/slab.c:14:24','["h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,18,18,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,252,'0240d652679e7991','inline','h5','h5','h5','h5','step','step',NULL,'mm/slab.c:14:24','["h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,18,18,NULL,1.0,1,NULL,NULL,NULL,NULL);
INSERT INTO sites VALUES('base',2,253,'0240d652679e7991','inline','h5','h5','h5','h5','step','step',NULL,'mm/slab.c:14:24','["h5"]',0,'BODY_NOT_AVAILABLE','function body not available',NULL,NULL,18,18,NULL,1.0,1,NULL,NULL,NULL,NULL);
CREATE TABLE decisions (
  build TEXT NOT NULL,
  tu INTEGER NOT NULL,
  id TEXT NOT NULL,
  lexical_caller TEXT NOT NULL,
  lexical_caller_symbol TEXT NOT NULL,
  callee TEXT NOT NULL,
  callee_symbol TEXT NOT NULL,
  location TEXT NOT NULL,
  callers TEXT NOT NULL,
  records INTEGER NOT NULL,
  inlined_records INTEGER NOT NULL,
  einline_inlined INTEGER NOT NULL,
  ipa_inlined INTEGER NOT NULL,
  inlined INTEGER NOT NULL,
  reason TEXT NOT NULL,
  limit_param TEXT,
  limit_value INTEGER,
  limit_params_of TEXT,
  flip_at INTEGER,
  PRIMARY KEY (build, tu, id),
  FOREIGN KEY (build, tu) REFERENCES tus(build, tu)
);
INSERT INTO decisions VALUES('base',0,'30a7ad1946ab6057','do_sys_openat2','do_sys_openat2','putname','putname','fs/open.c:42:2','["do_sys_openat2"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',0,'0defa6ffc7a45237','do_sys_openat2','do_sys_openat2','fd_install','fd_install','fs/open.c:39:4','["do_sys_openat2"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',0,'e00c7017ce642893','do_sys_openat2','do_sys_openat2','fsnotify_open','fsnotify_open','fs/open.c:38:4','["do_sys_openat2"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',0,'4063e77ef310df10','do_sys_openat2','do_sys_openat2','put_unused_fd','put_unused_fd','fs/open.c:35:4','["do_sys_openat2"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',0,'737bb7e4bb556a6b','do_sys_openat2','do_sys_openat2','do_filp_open','do_filp_open','fs/open.c:33:20','["do_sys_openat2"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',0,'e523f475bb008316','do_sys_openat2','do_sys_openat2','get_unused_fd_flags','get_unused_fd_flags','fs/open.c:31:7','["do_sys_openat2"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',0,'3922cef112e26926','do_sys_openat2','do_sys_openat2','getname','getname','fs/open.c:28:8','["do_sys_openat2"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',0,'068c47ae9bbbc001','do_sys_openat2','do_sys_openat2','build_open_flags','build_open_flags','fs/open.c:23:11','["do_sys_openat2"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',0,'d91b3e654d0a6399','do_sys_open','do_sys_open','build_open_how','build_open_how','fs/open.c:56:24','["do_sys_open"]',1,1,1,0,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',0,'17c1825fe3163c86','do_sys_open','do_sys_open','do_sys_openat2','do_sys_openat2','fs/open.c:57:9','["do_sys_open","sys_open","sys_openat"]',4,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',12,'do_sys_open',29);
INSERT INTO decisions VALUES('base',0,'562ca347ea029d8f','sys_open','sys_open','do_sys_open','do_sys_open','fs/open.c:62:9','["sys_open"]',2,1,0,1,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',0,'ea0c6a2d5d2f42ab','sys_openat','sys_openat','do_sys_open','do_sys_open','fs/open.c:67:9','["sys_openat"]',2,1,0,1,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',0,'671c28d04646d05e','sys_openat2','sys_openat2','do_sys_openat2','do_sys_openat2','fs/open.c:78:9','["sys_openat2"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'sys_openat2',29);
INSERT INTO decisions VALUES('base',0,'528922ab1adb5d17','sys_openat2','sys_openat2','copy_struct_from_user','copy_struct_from_user','fs/open.c:73:13','["sys_openat2"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'3573861e346284c4','ns::pick(int)','_ZN2nsL4pickEi','ns::work(int)','_ZN2ns4workEi','lib/names.cc:12:55','["_ZN2nsL4pickEi"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'356ffa1e345f6109','ns::pick(int)','_ZN2nsL4pickEi','ns::work(int)','_ZN2ns4workEi','lib/names.cc:12:45','["_ZN2nsL4pickEi"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'6a00fd6080d9ae73','int ns::scale<int>(int)','_ZN2nsL5scaleIiEET_S1_','ns::work(int)','_ZN2ns4workEi','lib/names.cc:11:60','["_Z5entryi","_ZN2nsL5scaleIiEET_S1_"]',3,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'2218d98967758764','double ns::scale<double>(double)','_ZN2nsL5scaleIdEET_S1_','ns::work(int)','_ZN2ns4workEi','lib/names.cc:11:60','["_Z5entryi","_ZN2nsL5scaleIdEET_S1_"]',3,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'9d70b2b3853dac0b','ns::pick(long)','_ZN2nsL4pickEl','ns::work(int)','_ZN2ns4workEi','lib/names.cc:13:47','["_ZN2nsL4pickEl"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'bfc6c49868e2711f','ns::cls::get() const','_ZNK2ns3cls3getEv','ns::work(int)','_ZN2ns4workEi','lib/names.cc:8:32','["_Z5entryi","_ZNK2ns3cls3getEv","_ZZ5entryiENKUliE_clEi"]',3,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'8ae3aec0d5cab326','entry(int)::{lambda(int)#1}::operator()(int) const','_ZZ5entryiENKUliE_clEi','ns::cls::get() const','_ZNK2ns3cls3getEv','lib/names.cc:23:51','["_ZZ5entryiENKUliE_clEi"]',1,1,1,0,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'37edaf653c98c961','entry(int)::{lambda(int)#1}::operator()(int) const','_ZZ5entryiENKUliE_clEi','ns::pick(int)','_ZN2nsL4pickEi','lib/names.cc:23:40','["_Z5entryi","_ZZ5entryiENKUliE_clEi"]',2,0,0,0,0,'NEVER_INLINE_LIST',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'8e349b8e24515abb','ns::cls::twice(int)','_ZN2ns3cls5twiceEi','ns::work(int)','_ZN2ns4workEi','lib/names.cc:9:40','["_Z5entryi","_ZN2ns3cls5twiceEi"]',3,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'b41312720d788506','vec::operator+(vec const&) const','_ZNK3vecplERKS_','ns::work(int)','_ZN2ns4workEi','lib/names.cc:18:59','["_Z5entryi","_ZNK3vecplERKS_"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'6f126848fc6aabf9','entry(int)','_Z5entryi','ns::cls::twice(int)','_ZN2ns3cls5twiceEi','lib/names.cc:25:31','["_Z5entryi"]',1,1,1,0,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'984ea1cbf12153ce','entry(int)','_Z5entryi','int ns::scale<int>(int)','_ZN2nsL5scaleIiEET_S1_','lib/names.cc:25:46','["_Z5entryi"]',1,1,1,0,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'f00253e68156326a','entry(int)','_Z5entryi','double ns::scale<double>(double)','_ZN2nsL5scaleIdEET_S1_','lib/names.cc:25:65','["_Z5entryi"]',1,1,1,0,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'c80fee11811d4643','entry(int)','_Z5entryi','ns::pick(long)','_ZN2nsL4pickEl','lib/names.cc:25:86','["_Z5entryi"]',2,0,0,0,0,'NEVER_INLINE_LIST',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'93c7e117606657b3','entry(int)','_Z5entryi','entry(int)::{lambda(int)#1}::operator()(int) const','_ZZ5entryiENKUliE_clEi','lib/names.cc:25:11','["_Z5entryi"]',2,1,0,1,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',1,'7075b25052bd4b27','entry(int)','_Z5entryi','vec::operator+(vec const&) const','_ZNK3vecplERKS_','lib/names.cc:24:31','["_Z5entryi"]',2,1,0,1,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'8e4555ba568434e3','h2','h2','step','step','mm/slab.c:11:24','["h2","kmalloc_large","kmalloc_small"]',6,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'ddf96a6723f08c88','h3','h3','step','step','mm/slab.c:12:27','["h3","kmalloc_large","kmalloc_small"]',3,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'ddf96d6723f091a1','h3','h3','step','step','mm/slab.c:12:24','["h3","kmalloc_large","kmalloc_small"]',6,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'53bd0cb9c2687ff7','h4','h4','step','step','mm/slab.c:13:24','["h4","kmalloc_large","kmalloc_small"]',12,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'0240d352679e7478','h5','h5','step','step','mm/slab.c:14:27','["h5","kmalloc_small"]',3,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'0240d652679e7991','h5','h5','step','step','mm/slab.c:14:24','["h5","kmalloc_small"]',12,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'9f46fa06dd9c026e','h6','h6','step','step','mm/slab.c:15:27','["h6"]',4,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'9f46f906dd9c00bb','h6','h6','step','step','mm/slab.c:15:24','["h6"]',8,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'e9f4a8501a71877c','h7','h7','step','step','mm/slab.c:16:30','["h7"]',2,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'e9f827501a749520','h7','h7','step','step','mm/slab.c:16:27','["h7"]',4,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'e9f82a501a749a39','h7','h7','step','step','mm/slab.c:16:24','["h7"]',8,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'937e7179fb9da497','h8','h8','step','step','mm/slab.c:17:24','["h8"]',16,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'4c5f0f0c39c720d9','h10','h10','step','step','mm/slab.c:18:28','["h10"]',4,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'4c5f1a0c39c7338a','h10','h10','step','step','mm/slab.c:18:25','["h10"]',16,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'ab1de7966dacaa46','h12','h12','step','step','mm/slab.c:19:28','["h12"]',8,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'ab1df4966dacc05d','h12','h12','step','step','mm/slab.c:19:25','["h12"]',16,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'b64239be547b23ce','h16','h16','step','step','mm/slab.c:20:28','["h16"]',16,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'b64236be547b1eb5','h16','h16','step','step','mm/slab.c:20:25','["h16"]',16,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'a1062b2c82b40cfa','h24','h24','step','step','mm/slab.c:21:31','["h24"]',16,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'a1029e2c82b0e78c','h24','h24','step','step','mm/slab.c:21:28','["h24"]',16,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'a102a32c82b0f00b','h24','h24','step','step','mm/slab.c:21:25','["h24"]',16,0,0,0,0,'BODY_NOT_AVAILABLE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'e36efd8a6f1ef131','kmalloc_small','kmalloc_small','h24','h24','mm/slab.c:26:18','["kmalloc_small"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_small',70);
INSERT INTO decisions VALUES('base',2,'ec69e7536364cea8','kmalloc_small','kmalloc_small','h16','h16','mm/slab.c:26:9','["kmalloc_small"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_small',46);
INSERT INTO decisions VALUES('base',2,'ac5ced44e2012fa9','kmalloc_small','kmalloc_small','h12','h12','mm/slab.c:25:74','["kmalloc_small"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_small',34);
INSERT INTO decisions VALUES('base',2,'dc5d7f427639bc29','kmalloc_small','kmalloc_small','h10','h10','mm/slab.c:25:65','["kmalloc_small"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_small',28);
INSERT INTO decisions VALUES('base',2,'1a8c83a14cadef4d','kmalloc_small','kmalloc_small','h8','h8','mm/slab.c:25:57','["kmalloc_small"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_small',22);
INSERT INTO decisions VALUES('base',2,'39f9b2b82d47906f','kmalloc_small','kmalloc_small','h7','h7','mm/slab.c:25:49','["kmalloc_small"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_small',19);
INSERT INTO decisions VALUES('base',2,'fa431ff180a54a2c','kmalloc_small','kmalloc_small','h6','h6','mm/slab.c:25:41','["kmalloc_small"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_small',16);
INSERT INTO decisions VALUES('base',2,'d7d775019ec41b54','kmalloc_small','kmalloc_small','h5','h5','mm/slab.c:25:33','["kmalloc_small"]',2,1,0,1,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'34fac6dc48e1f2b4','kmalloc_small','kmalloc_small','h4','h4','mm/slab.c:25:25','["kmalloc_small"]',2,1,0,1,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'ecada6930aa3aac8','kmalloc_small','kmalloc_small','h3','h3','mm/slab.c:25:17','["kmalloc_small"]',2,1,0,1,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'cd0359353d4d902a','kmalloc_small','kmalloc_small','h2','h2','mm/slab.c:25:9','["kmalloc_small"]',2,1,0,1,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'d5e58b226de03f0e','kmalloc_large','kmalloc_large','h24','h24','mm/slab.c:32:61','["kmalloc_large"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_large',70);
INSERT INTO decisions VALUES('base',2,'6ccf0143e921022f','kmalloc_large','kmalloc_large','h16','h16','mm/slab.c:32:47','["kmalloc_large"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_large',46);
INSERT INTO decisions VALUES('base',2,'fb8b3f9ecbc31801','kmalloc_large','kmalloc_large','h12','h12','mm/slab.c:32:34','["kmalloc_large"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_large',34);
INSERT INTO decisions VALUES('base',2,'2a931f9b464148b1','kmalloc_large','kmalloc_large','h10','h10','mm/slab.c:32:21','["kmalloc_large"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_large',28);
INSERT INTO decisions VALUES('base',2,'893fcc5f2e488040','kmalloc_large','kmalloc_large','h8','h8','mm/slab.c:32:9','["kmalloc_large"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_large',22);
INSERT INTO decisions VALUES('base',2,'d1cc293b2279f71e','kmalloc_large','kmalloc_large','h7','h7','mm/slab.c:31:69','["kmalloc_large"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_large',19);
INSERT INTO decisions VALUES('base',2,'65c5d5a00b5eca6c','kmalloc_large','kmalloc_large','h6','h6','mm/slab.c:31:57','["kmalloc_large"]',2,0,0,0,0,'MAX_INLINE_INSNS_AUTO_LIMIT','max-inline-insns-auto',15,'kmalloc_large',16);
INSERT INTO decisions VALUES('base',2,'374d7f44a57a29f2','kmalloc_large','kmalloc_large','h5','h5','mm/slab.c:31:45','["kmalloc_large"]',2,0,0,0,0,'FORBIDDEN_CALL_SITE',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'3bdebcda54051290','kmalloc_large','kmalloc_large','h4','h4','mm/slab.c:31:33','["kmalloc_large"]',2,1,0,1,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'f4aa88074aa5405e','kmalloc_large','kmalloc_large','h3','h3','mm/slab.c:31:21','["kmalloc_large"]',2,1,0,1,1,'OK',NULL,NULL,NULL,NULL);
INSERT INTO decisions VALUES('base',2,'195b64e7ec3b0d93','kmalloc_large','kmalloc_large','h2','h2','mm/slab.c:31:9','["kmalloc_large"]',2,1,0,1,1,'OK',NULL,NULL,NULL,NULL);
CREATE TABLE functions (
  build TEXT NOT NULL,
  tu INTEGER NOT NULL,
  symbol TEXT NOT NULL,
  name TEXT NOT NULL,
  size_before INTEGER,
  size_after INTEGER,
  inlined_callees INTEGER NOT NULL,
  out_of_line INTEGER NOT NULL,
  never_inline INTEGER NOT NULL,
  emitted INTEGER NOT NULL,
  bytes INTEGER,
  PRIMARY KEY (build, tu, symbol),
  FOREIGN KEY (build, tu) REFERENCES tus(build, tu)
);
INSERT INTO functions VALUES('base',0,'sys_openat2','sys_openat2',22,22,0,1,0,1,84);
INSERT INTO functions VALUES('base',0,'sys_openat','sys_openat',9,16,1,1,0,1,60);
INSERT INTO functions VALUES('base',0,'sys_open','sys_open',9,16,1,1,0,1,65);
INSERT INTO functions VALUES('base',0,'do_sys_open','do_sys_open',16,16,1,1,0,1,60);
INSERT INTO functions VALUES('base',0,'build_open_how','build_open_how',NULL,NULL,0,0,0,0,0);
INSERT INTO functions VALUES('base',0,'do_sys_openat2','do_sys_openat2',36,36,0,1,0,1,172);
INSERT INTO functions VALUES('base',1,'_ZN2nsL5scaleIdEET_S1_','double ns::scale<double>(double)',NULL,NULL,0,0,0,0,NULL);
INSERT INTO functions VALUES('base',1,'_ZN2nsL5scaleIiEET_S1_','int ns::scale<int>(int)',NULL,NULL,0,0,0,0,NULL);
INSERT INTO functions VALUES('base',1,'_Z5entryi','entry(int)',45,55,5,1,0,1,NULL);
INSERT INTO functions VALUES('base',1,'_ZZ5entryiENKUliE_clEi','entry(int)::{lambda(int)#1}::operator()(int) const',NULL,NULL,1,0,0,0,NULL);
INSERT INTO functions VALUES('base',1,'_ZNK3vecplERKS_','vec::operator+(vec const&) const',NULL,NULL,0,0,0,0,NULL);
INSERT INTO functions VALUES('base',1,'_ZN2nsL4pickEl','ns::pick(long)',7,7,0,1,1,1,NULL);
INSERT INTO functions VALUES('base',1,'_ZN2nsL4pickEi','ns::pick(int)',12,12,0,1,1,1,NULL);
INSERT INTO functions VALUES('base',1,'_ZN2ns3cls5twiceEi','ns::cls::twice(int)',NULL,NULL,0,0,0,0,NULL);
INSERT INTO functions VALUES('base',1,'_ZNK2ns3cls3getEv','ns::cls::get() const',NULL,NULL,0,0,0,0,NULL);
INSERT INTO functions VALUES('base',2,'kmalloc_large','kmalloc_large',57,75,3,1,0,1,167);
INSERT INTO functions VALUES('base',2,'kmalloc_small','kmalloc_small',46,76,4,1,0,1,182);
INSERT INTO functions VALUES('base',2,'h24','h24',75,75,0,1,0,1,174);
INSERT INTO functions VALUES('base',2,'h16','h16',51,51,0,1,0,1,118);
INSERT INTO functions VALUES('base',2,'h12','h12',39,39,0,1,0,1,90);
INSERT INTO functions VALUES('base',2,'h10','h10',33,33,0,1,0,1,76);
INSERT INTO functions VALUES('base',2,'h8','h8',27,27,0,1,0,1,62);
INSERT INTO functions VALUES('base',2,'h7','h7',24,24,0,1,0,1,55);
INSERT INTO functions VALUES('base',2,'h6','h6',21,21,0,1,0,1,48);
INSERT INTO functions VALUES('base',2,'h5','h5',18,18,0,1,0,1,41);
INSERT INTO functions VALUES('base',2,'h4','h4',NULL,NULL,0,0,0,0,0);
INSERT INTO functions VALUES('base',2,'h3','h3',NULL,NULL,0,0,0,0,0);
INSERT INTO functions VALUES('base',2,'h2','h2',NULL,NULL,0,0,0,0,0);
CREATE TABLE symbols (
  build TEXT NOT NULL,
  tu INTEGER NOT NULL,
  symbol TEXT NOT NULL,
  size INTEGER NOT NULL,
  function TEXT,
  PRIMARY KEY (build, tu, symbol),
  FOREIGN KEY (build, tu) REFERENCES tus(build, tu)
);
CREATE TABLE never_inline (
  build TEXT NOT NULL,
  tu INTEGER NOT NULL,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  origin TEXT NOT NULL,
  status TEXT NOT NULL,
  functions TEXT NOT NULL,
  PRIMARY KEY (build, tu, position),
  FOREIGN KEY (build, tu) REFERENCES tus(build, tu)
);
INSERT INTO never_inline VALUES('base',0,0,'getname_nothing_here','policy.ini:10','not defined in this TU','[]');
INSERT INTO never_inline VALUES('base',0,1,'ns::pick*','policy.ini:10','not defined in this TU','[]');
INSERT INTO never_inline VALUES('base',1,0,'getname_nothing_here','policy.ini:10','not defined in this TU','[]');
INSERT INTO never_inline VALUES('base',1,1,'ns::pick*','policy.ini:10','applied','["ns::pick(long)","ns::pick(int)"]');
INSERT INTO never_inline VALUES('base',2,0,'getname_nothing_here','policy.ini:10','not defined in this TU','[]');
INSERT INTO never_inline VALUES('base',2,1,'ns::pick*','policy.ini:10','not defined in this TU','[]');
CREATE TABLE results (
  file TEXT NOT NULL,
  line INTEGER NOT NULL,
  workload TEXT NOT NULL,
  metric TEXT NOT NULL,
  baseline REAL NOT NULL,
  new REAL NOT NULL,
  change REAL,
  base_variant TEXT,
  new_variant TEXT,
  base_runs INTEGER,
  new_runs INTEGER,
  base_min REAL,
  base_max REAL,
  new_min REAL,
  new_max REAL,
  base_iterations INTEGER,
  new_iterations INTEGER
);
CREATE INDEX sites_by_id ON sites (build, tu, id);
CREATE INDEX sites_by_callee ON sites (callee);
CREATE INDEX sites_by_caller ON sites (lexical_caller);
CREATE INDEX decisions_by_callee ON decisions (callee);
CREATE INDEX functions_by_name ON functions (name);
CREATE INDEX tus_by_key ON tus (key, build);
COMMIT;
